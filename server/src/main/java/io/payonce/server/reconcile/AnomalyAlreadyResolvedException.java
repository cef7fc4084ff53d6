package io.payonce.server.reconcile;

/** An anomaly can be resolved once; its first resolution stands. */
public class AnomalyAlreadyResolvedException extends RuntimeException {

  private final transient Anomaly anomaly;

  public AnomalyAlreadyResolvedException(Anomaly anomaly) {
    super("anomaly " + anomaly.id() + " was resolved at " + anomaly.resolvedAt());
    this.anomaly = anomaly;
  }

  public Anomaly anomaly() {
    return anomaly;
  }
}
