package io.payonce.server.cashier.web;

/**
 * The cashier's "pay" or "refresh QR" click.
 *
 * @param requestId the click's id, so that a repeated click opens nothing new
 * @param refresh whether the buyer asked for a new code
 * @param channel the channel the buyer chose, by name ("alipay"); Alipay when none
 */
record CashierPayRequest(String requestId, Boolean refresh, String channel) {

  boolean wantsRefresh() {
    return Boolean.TRUE.equals(refresh);
  }
}
