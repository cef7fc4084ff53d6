package io.payonce.client;

/**
 * What charging a buyer's payment code gave.
 *
 * @param outcome the server's word for it (e.g. PAID, or a waiting state the buyer confirms)
 */
public record BarcodePayment(
    String orderNo, String outTradeNo, String outcome, String status, String tradeNo) {}
