package io.payonce.server.payment;

/**
 * How the buyer pays: part of a payment's identity beside its channel. A request of one kind never
 * joins, leases or calls the channel for a payment of another: a QR precreate must not send {@code
 * precreate} under a barcode payment's number, nor a barcode retry cancel a QR payment.
 */
public enum PaymentKind {
  /** The buyer scans the merchant's QR code (Alipay precreate, WeChat Native). */
  QR,
  /** The merchant scans the buyer's payment code (Alipay barcode pay, WeChat micropay). */
  BARCODE
}
