package io.payonce.server.payment;

/**
 * Where a notify came from: the channel configuration it was verified with (routed by the account
 * it names, or by its per-configuration URL), and that account, for the alarm's detail.
 */
public record NotifyRoute(String configKey, String account) {}
