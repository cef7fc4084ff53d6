package io.payonce.server.reconcile.web;

/** No run, or no anomaly of that run, at the requested address. */
class ReconciliationNotFoundException extends RuntimeException {

  ReconciliationNotFoundException(String message) {
    super(message, null, false, false);
  }
}
