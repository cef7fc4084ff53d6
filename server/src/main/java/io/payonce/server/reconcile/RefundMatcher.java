package io.payonce.server.reconcile;

import org.springframework.stereotype.Component;

/**
 * Decides the outcome of one refund row of a bill. Refunds are not kept on our side yet, so every
 * refund row is recorded and counted; matching by out_request_no slots in here.
 */
@Component
class RefundMatcher {

  Verdict match(StagedLine staged) {
    BillLine line = staged.line();
    String reference = line.outRequestNo() == null ? line.outTradeNo() : line.outRequestNo();
    return new Verdict(
        Outcome.REFUND_UNCHECKED,
        reference,
        line.outTradeNo(),
        "refund of " + (-line.amountMinor()) + " minor units",
        null);
  }
}
