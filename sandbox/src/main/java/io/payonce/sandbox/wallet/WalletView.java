package io.payonce.sandbox.wallet;

/**
 * What the buyer's phone shows: the order, its channel's status word ({@code TRADE_SUCCESS}, {@code
 * SUCCESS}...), the merchant and the amount in yuan.
 *
 * @param channel {@code alipay} or {@code wechat}
 */
public record WalletView(
    String outTradeNo,
    String tradeNo,
    String tradeStatus,
    String merchant,
    String subject,
    String totalAmount,
    String channel) {}
