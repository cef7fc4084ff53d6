package io.payonce.server.reconcile.web;

/** The body of {@code POST /ops/reconciliations}: {"channel":"ALIPAY","billDate":"2026-11-28"}. */
record StartRequest(String channel, String billDate) {}
