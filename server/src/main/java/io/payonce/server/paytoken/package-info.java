/**
 * One-time pay tokens (seed 001, made race-free): issued per user, consumed by one atomic step (a
 * conditional UPDATE, or a Lua script in Redis), and used as the idempotency key of the payment
 * request that carries them, so that a retry replays the first result.
 */
package io.payonce.server.paytoken;
