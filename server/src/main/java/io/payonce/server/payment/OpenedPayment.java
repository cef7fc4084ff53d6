package io.payonce.server.payment;

/**
 * The order's in-flight payment after an open request.
 *
 * @param created false when another payment was already in flight for the order (possibly on
 *     another channel: the caller must close it before opening one elsewhere)
 */
public record OpenedPayment(Payment payment, boolean created) {}
