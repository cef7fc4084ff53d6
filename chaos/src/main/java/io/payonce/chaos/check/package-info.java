/**
 * The promise, checked: a snapshot of our books (plain JDBC) and of the channel's (the sandbox
 * ledger), the events the merchant received and the answers the workload got, and the invariants
 * that must hold between them.
 */
package io.payonce.chaos.check;
