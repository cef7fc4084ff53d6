package io.payonce.server.payment.web;

import io.swagger.v3.oas.annotations.media.Schema;

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
record PrecreateRequest(
    @Schema(example = "order-1001") String orderNo,
    @Schema(description = "An idempotency key instead of the Idempotency-Key header")
        String requestId,
    @Schema(description = "A new code once the old one provably cannot be paid", example = "false")
        Boolean refresh,
    @Schema(description = "A pay token from GET /api/pay/get-token (the buyer's page)")
        String payToken) {

  boolean wantsRefresh() {
    return Boolean.TRUE.equals(refresh);
  }
}
