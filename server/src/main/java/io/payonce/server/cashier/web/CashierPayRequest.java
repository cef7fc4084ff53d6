package io.payonce.server.cashier.web;

/**
 * The cashier's "pay" or "refresh QR" click.
 *
 * @param requestId the click's id, so that a repeated click opens nothing new
 * @param refresh whether the buyer asked for a new code
 */
record CashierPayRequest(String requestId, Boolean refresh) {

  boolean wantsRefresh() {
    return Boolean.TRUE.equals(refresh);
  }
}
