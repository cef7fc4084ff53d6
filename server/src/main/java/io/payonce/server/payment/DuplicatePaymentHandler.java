package io.payonce.server.payment;

/**
 * Told, inside the transaction that recorded it, that a payment succeeded for an order that was
 * already paid or had been cancelled: money taken twice, to be given back. Implementations must be
 * idempotent per payment, because the notify, the janitor and reconciliation may all see it.
 */
public interface DuplicatePaymentHandler {

  void onDuplicate(Payment payment, String why);
}
