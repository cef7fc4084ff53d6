package io.payonce.server.reconcile.web;

/**
 * The body of {@code POST /ops/reconciliations}: {"channel":"ALIPAY","billDate":"2026-11-28"}, and
 * {@code channelConfig} for an app's own account's bill (absent: the bootstrap account's).
 */
record StartRequest(String channel, String billDate, String channelConfig) {}
