package io.payonce.sandbox.alipay.bill;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;

/**
 * One line of the detail file: a payment ({@code 交易}) or a refund ({@code 退款}, negative amount, the
 * original trade's numbers and the out_request_no).
 */
record BillRow(
    String tradeNo,
    String outTradeNo,
    boolean refund,
    String subject,
    Instant createdAt,
    Instant finishedAt,
    String storeId,
    String buyer,
    BigDecimal amount,
    String outRequestNo) {

  private static final BigDecimal FEE_RATE = new BigDecimal("0.006");

  /** 0.6 %, charged on payments (negative) and given back on refunds (positive). */
  BigDecimal serviceFee() {
    return amount.multiply(FEE_RATE).setScale(2, RoundingMode.HALF_UP).negate();
  }
}
