package io.payonce.server.reconcile;

import io.payonce.server.channel.BillLine;
import org.springframework.stereotype.Component;

/**
 * Decides the outcome of one refund row of a bill: it must be a successful refund of ours with the
 * same out_request_no and amount. Nothing is repaired automatically — a refund the channel made
 * that we cannot explain is for an operator (our pending refunds are settled by the refund janitor,
 * which asks the channel).
 */
@Component
class RefundMatcher {

  Verdict match(StagedLine staged) {
    BillLine line = staged.line();
    long refunded = -line.amountMinor();
    String reference = line.outRequestNo() == null ? line.outTradeNo() : line.outRequestNo();
    String problem = problem(staged, refunded);
    Outcome outcome = problem == null ? Outcome.REFUND_MATCHED : Outcome.REFUND_MISMATCH;
    return new Verdict(outcome, reference, line.outTradeNo(), problem, null);
  }

  private static String problem(StagedLine staged, long refunded) {
    String said = "the channel refunded " + refunded + " minor units";
    if (staged.payId() == null) {
      return said + " of a trade we never issued";
    }
    if (staged.line().outRequestNo() == null || staged.refundStatus() == null) {
      return said + " under a request number we have no refund for";
    }
    if (staged.refundAmountMinor() != refunded) {
      return said + ", our refund is " + staged.refundAmountMinor();
    }
    if (!"SUCCESS".equals(staged.refundStatus())) {
      return said + ", our refund is still " + staged.refundStatus();
    }
    return null;
  }
}
