package io.payonce.server.channel;

/**
 * How the buyer pays — a product's kind of hand-off — part of a payment's identity beside its
 * channel. A request of one kind never joins, leases or calls the channel for a payment of another:
 * a QR precreate must not send {@code precreate} under a barcode payment's number, nor a barcode
 * retry cancel a QR payment.
 */
public enum PaymentKind {
  /** The merchant shows a code and the buyer scans it with the channel's app. */
  QR("precreate"),
  /** The merchant scans the code the buyer's app shows. */
  BARCODE("barcode");

  private final String verb;

  PaymentKind(String verb) {
    this.verb = verb;
  }

  /** The last segment of the merchant API's route for a product of this kind. */
  public String verb() {
    return verb;
  }
}
