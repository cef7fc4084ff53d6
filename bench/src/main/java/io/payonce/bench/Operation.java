package io.payonce.bench;

/** The scan-to-pay operations measured, in the order they run on the same orders. */
enum Operation {
  /** POST /pay/alipay/precreate of an order that has no payment yet. */
  PRECREATE("precreate, new order", 1, 2),
  /** The same precreate repeated 20 times per order, repeats of one order running together. */
  DUPLICATE_STORM("precreate, duplicate storm x20", 0, 0),
  /** A TRADE_SUCCESS notify for a PRECREATED payment, first delivery. */
  NOTIFY_FIRST("notify, first delivery", 1, 1),
  /** The same notify again, after it was applied. */
  NOTIFY_DUPLICATE("notify, duplicate", 1, 0);

  static final int STORM_REPEATS = 20;

  private final String label;
  private final int auditRows;
  private final int flushTarget;

  Operation(String label, int auditRows, int flushTarget) {
    this.label = label;
    this.auditRows = auditRows;
    this.flushTarget = flushTarget;
  }

  /** The design's most durable flushes per operation at c=1 (issue 16). */
  int flushTarget() {
    return flushTarget;
  }

  /** A short name for file names and chart titles. */
  String slug() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /** Audit rows one operation leaves: a channel call for a precreate, a receipt for a notify. */
  int auditRows() {
    return auditRows;
  }

  String label() {
    return label;
  }
}
