package io.payonce.server.reconcile.web;

/** The body of {@code POST .../anomalies/{id}/resolve}: what the operator did about it. */
record ResolveRequest(String comment) {}
