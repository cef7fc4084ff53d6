package io.payonce.server.reconcile;

/**
 * The totals a bill states about itself, checked against the rows read before anything is matched.
 * Sums are minor units of the merchant's net receipts (商家实收).
 */
record BillFooter(long payments, long paymentSum, long refunds, long refundSum) {

  long rows() {
    return payments + refunds;
  }
}
