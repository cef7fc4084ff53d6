package io.payonce.server.cashier.web;

/** No live checkout session has this token: unknown, malformed or expired alike. */
class CheckoutNotFoundException extends RuntimeException {

  CheckoutNotFoundException() {
    super("no live checkout session", null, false, false);
  }
}
