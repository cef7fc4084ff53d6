package io.payonce.sandbox.wechat.ledger;

import java.time.Instant;

/**
 * One refund of an order, identified by the merchant's out_refund_no.
 *
 * @param amount in fen
 * @param settleAt when a PROCESSING refund settles (sandbox clock)
 * @param outcome the status it settles to
 * @param settledAt when it left PROCESSING
 */
public record WechatRefund(
    String outRefundNo,
    String refundId,
    long amount,
    String reason,
    String notifyUrl,
    RefundStatus status,
    Instant createdAt,
    Instant settleAt,
    RefundStatus outcome,
    Instant settledAt) {

  WechatRefund settled() {
    if (!status.canMoveTo(outcome)) {
      throw new IllegalStateException("refund " + outRefundNo + " cannot move to " + outcome);
    }
    return new WechatRefund(
        outRefundNo,
        refundId,
        amount,
        reason,
        notifyUrl,
        outcome,
        createdAt,
        settleAt,
        outcome,
        settleAt);
  }

  /** Whether the same out_refund_no asks for the same refund. */
  boolean sameRequest(long otherAmount) {
    return amount == otherAmount;
  }
}
