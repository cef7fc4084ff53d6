package io.payonce.server.channel;

/**
 * The totals a bill states about itself (Alipay: its footer), in the bill's own measure. A reader
 * returns them only once the rows it read agree with them.
 *
 * @param payments the payment rows the bill says it has
 * @param paymentSum their sum in minor units, as the bill's totals measure it (Alipay: the
 *     merchant's net receipts, 商家实收)
 * @param refunds the refund rows the bill says it has
 * @param refundSum their sum in minor units, negative
 */
public record BillTotals(long payments, long paymentSum, long refunds, long refundSum) {

  /** Every detail row the bill says it has, the unreadable ones among them. */
  public long rows() {
    return payments + refunds;
  }
}
