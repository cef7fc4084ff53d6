/**
 * The transactional outbox: business events stored in the same transaction as the state change that
 * causes them, and the relay that claims and delivers them at least once to a sink (RabbitMQ, or
 * in-process listeners) and to every {@link io.payonce.server.outbox.EventHandoff} (the per-app
 * webhooks). See docs/events.md.
 */
package io.payonce.server.outbox;
