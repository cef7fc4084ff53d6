/**
 * Refunds: merchant refunds through the API and the automatic refund of duplicate payments. The sum
 * of a payment's refunds never exceeds what was paid (a conditional reservation on the payment
 * row), a refund number is used once per payment (a unique key), and an unknown outcome stays
 * PENDING and is resolved by asking the channel, then retried under the same number.
 */
package io.payonce.server.refund;
