/**
 * Payments: attempts to collect an order through a channel, the one-in-flight-per-order rule and
 * the payment state machine. Channel adapters call {@link io.payonce.server.payment.PaymentOpener}
 * and {@link io.payonce.server.payment.PaymentTransitions}; they never write SQL of their own.
 */
package io.payonce.server.payment;
