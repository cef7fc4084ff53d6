package io.payonce.bench;

/** The scan-to-pay operations measured, in the order they run on the same orders. */
enum Operation {
  /** POST /pay/alipay/precreate of an order that has no payment yet. */
  PRECREATE("precreate, new order"),
  /** The same precreate repeated 20 times per order, repeats of one order running together. */
  DUPLICATE_STORM("precreate, duplicate storm x20"),
  /** A TRADE_SUCCESS notify for a PRECREATED payment, first delivery. */
  NOTIFY_FIRST("notify, first delivery"),
  /** The same notify again, after it was applied. */
  NOTIFY_DUPLICATE("notify, duplicate");

  static final int STORM_REPEATS = 20;

  private final String label;

  Operation(String label) {
    this.label = label;
  }

  String label() {
    return label;
  }
}
