package io.payonce.client;

import java.time.Instant;

/** The order's QR code on one channel, and where its payment stands. */
public record QrCode(
    String orderNo, String outTradeNo, String qrCode, Instant expireTime, String paymentStatus) {}
