package io.payonce.server.reconcile.web;

import io.payonce.server.reconcile.Anomaly;
import java.time.Instant;

/** An anomaly as the API shows it. */
record AnomalyView(
    long id,
    long runId,
    String kind,
    String reference,
    String outTradeNo,
    String detail,
    Instant createdAt,
    boolean resolved,
    Instant resolvedAt,
    String resolution) {

  static AnomalyView of(Anomaly anomaly) {
    return new AnomalyView(
        anomaly.id(),
        anomaly.runId(),
        anomaly.kind().name(),
        anomaly.reference(),
        anomaly.outTradeNo(),
        anomaly.detail(),
        anomaly.createdAt(),
        anomaly.resolved(),
        anomaly.resolvedAt(),
        anomaly.resolution());
  }
}
