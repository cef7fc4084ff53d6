/**
 * Reconciliation: a channel's daily bill against our payments and refunds, repairing what the
 * channel proves and recording what only an operator can settle.
 */
package io.payonce.server.reconcile;
