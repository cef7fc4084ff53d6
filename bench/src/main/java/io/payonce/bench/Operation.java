package io.payonce.bench;

/** The scan-to-pay operations measured, in the order they run on the same orders. */
enum Operation {
  /** POST /pay/alipay/precreate of an order that has no payment yet. */
  PRECREATE("precreate, new order", 1),
  /** The same precreate repeated 20 times per order, repeats of one order running together. */
  DUPLICATE_STORM("precreate, duplicate storm x20", 0),
  /** A TRADE_SUCCESS notify for a PRECREATED payment, first delivery. */
  NOTIFY_FIRST("notify, first delivery", 1),
  /** The same notify again, after it was applied. */
  NOTIFY_DUPLICATE("notify, duplicate", 1);

  static final int STORM_REPEATS = 20;

  private final String label;
  private final int auditRows;

  Operation(String label, int auditRows) {
    this.label = label;
    this.auditRows = auditRows;
  }

  /** Audit rows one operation leaves: a channel call for a precreate, a receipt for a notify. */
  int auditRows() {
    return auditRows;
  }

  String label() {
    return label;
  }
}
