/**
 * The transactional outbox: business events stored in the same transaction as the state change that
 * causes them, for a relay (a later issue) to publish at least once.
 */
package io.payonce.server.outbox;
