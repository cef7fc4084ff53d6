package io.payonce.server.channel;

/** A QR code the channel issued for {@code outTradeNo}. */
public record Precreated(String outTradeNo, String qrCode) {}
