/**
 * Redis helpers, wired only with {@code payonce.redis.enabled=true}: a lock that spares the
 * database contention around precreate, and the fast pay-token store. Correctness never depends on
 * Redis — the database's unique keys decide — so every helper fails open when Redis is down.
 */
package io.payonce.server.redis;
