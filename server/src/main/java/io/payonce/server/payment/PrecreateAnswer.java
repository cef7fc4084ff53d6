package io.payonce.server.payment;

import java.time.Instant;

/** What a precreate returns: the order's one QR code and where its payment stands. */
public record PrecreateAnswer(
    String orderNo,
    String outTradeNo,
    String qrCode,
    Instant expireTime,
    PaymentStatus paymentStatus) {}
