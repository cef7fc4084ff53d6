package io.payonce.server.reconcile;

/**
 * The outcome for one row or payment, with what an anomaly about it should say.
 *
 * @param settled how reconciliation settled it itself (the anomaly is born resolved), or null
 */
record Verdict(
    Outcome outcome, String reference, String outTradeNo, String detail, String settled) {

  static Verdict matched(String outTradeNo) {
    return new Verdict(Outcome.MATCHED, outTradeNo, outTradeNo, null, null);
  }

  static Verdict of(Outcome outcome, String outTradeNo, String detail) {
    return new Verdict(outcome, outTradeNo, outTradeNo, detail, null);
  }
}
