package io.payonce.sandbox.alipay.ledger;

/**
 * A trade moved (paid, closed, refunded). {@code trigger} is what moved it, e.g. {@code
 * alipay.trade.refund}, {@code wallet.pay} or {@code expiry}; {@code refund} is set for refunds.
 */
public record TradeChange(AlipayOrder order, String trigger, Refund refund) {}
