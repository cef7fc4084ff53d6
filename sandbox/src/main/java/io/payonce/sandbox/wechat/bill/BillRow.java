package io.payonce.sandbox.wechat.bill;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/**
 * One line of the trade bill: a payment (交易状态 SUCCESS, dated by its success time) or a refund
 * (REFUND, dated by its acceptance), amounts in fen.
 */
record BillRow(
    Instant at,
    String appid,
    String mchid,
    String transactionId,
    String outTradeNo,
    String openid,
    String tradeType,
    boolean refund,
    long orderFen,
    String refundId,
    String outRefundNo,
    long refundFen,
    String refundStatus,
    String description,
    String attach) {

  private static final BigDecimal FEE_RATE = new BigDecimal("0.006");

  /** 0.6 % in yuan with five decimals: charged on payments, given back (negative) on refunds. */
  BigDecimal fee() {
    long fen = refund ? -refundFen : orderFen;
    return BigDecimal.valueOf(fen, 2).multiply(FEE_RATE).setScale(5, RoundingMode.HALF_UP);
  }
}
