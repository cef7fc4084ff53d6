package io.payonce.server.payment;

/**
 * A channel fact to apply at most once, e.g. "trade 2026… is TRADE_SUCCESS" from a notify.
 *
 * @param eventKey unique per fact and channel (the notify dedup key)
 * @param payloadHash SHA-256 of the delivery that carried it, for the operator
 */
public record ChannelFact(String channel, String eventKey, String payloadHash) {}
