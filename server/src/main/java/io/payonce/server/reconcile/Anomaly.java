package io.payonce.server.reconcile;

import java.time.Instant;

/**
 * Something a run found that was not a plain match.
 *
 * @param reference what it is about: an out_trade_no, a refund's out_request_no, or "line:N"
 * @param resolution the operator's comment, or how reconciliation itself settled it
 */
public record Anomaly(
    long id,
    long runId,
    Outcome kind,
    String reference,
    String outTradeNo,
    String detail,
    Instant createdAt,
    Instant resolvedAt,
    String resolution) {

  public boolean resolved() {
    return resolvedAt != null;
  }
}
