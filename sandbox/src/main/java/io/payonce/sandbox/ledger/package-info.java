/**
 * The ledger every simulated channel keeps its orders in: storage, lookups, listing and the janitor
 * that lets time act. Each channel's ledger (its order states, refusals and moves) builds on it.
 */
package io.payonce.sandbox.ledger;
