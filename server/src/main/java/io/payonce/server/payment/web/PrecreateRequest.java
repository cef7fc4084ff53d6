package io.payonce.server.payment.web;

/**
 * The body of POST /pay/alipay/precreate.
 *
 * @param requestId an idempotency key, as an alternative to the Idempotency-Key header
 * @param refresh the cashier's explicit "new QR code" (see {@link
 *     io.payonce.server.payment.QrPrecreation#precreate(String, io.payonce.server.payment.Channel,
 *     String, boolean)})
 */
record PrecreateRequest(String orderNo, String requestId, Boolean refresh) {

  boolean wantsRefresh() {
    return Boolean.TRUE.equals(refresh);
  }
}
