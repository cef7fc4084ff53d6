/**
 * Request-level idempotency (the IETF httpapi Idempotency-Key draft, as Stripe does it): a key seen
 * before with the same body replays the first response byte for byte; with another body it is a
 * 422; while the first request still runs, a 409. The database's unique key decides, never a cache.
 */
package io.payonce.server.idempotency;
