package io.payonce.server.reconcile;

import io.payonce.server.channel.BillLine;

/**
 * A staged bill row joined with our payment of the same out_trade_no, if any.
 *
 * @param payId null when we have no such payment
 * @param repairedByReconciliation the payment's SUCCESS was written by an earlier reconciliation
 * @param otherSuccessForOrder another payment of the same order is SUCCESS too
 * @param refundStatus for a refund row, the status of our refund with its out_request_no, if any
 * @param refundAmountMinor that refund's amount (positive), if any
 */
record StagedLine(
    BillLine line,
    Long payId,
    String status,
    Long localAmountMinor,
    boolean repairedByReconciliation,
    boolean otherSuccessForOrder,
    String refundStatus,
    Long refundAmountMinor) {}
