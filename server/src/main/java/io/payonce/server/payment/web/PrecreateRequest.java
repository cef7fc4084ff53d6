package io.payonce.server.payment.web;

/**
 * The body of POST /pay/alipay/precreate.
 *
 * @param requestId an idempotency key, as an alternative to the Idempotency-Key header
 * @param refresh the cashier's explicit "new QR code" (see {@link
 *     io.payonce.server.payment.QrPrecreation#precreate(String, io.payonce.server.payment.Channel,
 *     String, boolean)})
 * @param payToken a one-time token from GET /api/pay/get-token; when present it is the idempotency
 *     key (checked and consumed by the idempotency filter before this request is read)
 */
record PrecreateRequest(String orderNo, String requestId, Boolean refresh, String payToken) {

  boolean wantsRefresh() {
    return Boolean.TRUE.equals(refresh);
  }
}
