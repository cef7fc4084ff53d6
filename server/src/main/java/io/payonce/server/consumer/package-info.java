/**
 * The idempotent consumer: what a service consuming PayOnce's events (at least once, so sometimes
 * twice) uses to apply each event once — a processed-message row keyed by the event id, inserted in
 * the same transaction as the consumer's own change.
 */
package io.payonce.server.consumer;
