package io.payonce.server.payment.web;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of POST /pay/{channel}/web, /pay/{channel}/mobile-web and /pay/{channel}/app.
 *
 * @param requestId an idempotency key, as an alternative to the Idempotency-Key header
 * @param refresh a new hand-off once the old one provably cannot be paid
 * @param payToken a one-time token from GET /api/pay/get-token; when present it is the idempotency
 *     key (checked and consumed by the idempotency filter before this request is read)
 * @param buyer what the buyer's side gives: stored with the payment the request opens
 */
record HandoffRequest(
    @Schema(example = "order-1001") String orderNo,
    @Schema(description = "An idempotency key instead of the Idempotency-Key header")
        String requestId,
    @Schema(
            description = "A new hand-off once the old one provably cannot be paid",
            example = "false")
        Boolean refresh,
    @Schema(description = "A pay token from GET /api/pay/get-token (the buyer's page)")
        String payToken,
    @Schema(description = "What the buyer's side gives; every field optional") Buyer buyer) {

  boolean wantsRefresh() {
    return Boolean.TRUE.equals(refresh);
  }

  /**
   * The buyer's side.
   *
   * @param returnUrl where the channel's page sends the browser after paying: a page of the
   *     merchant's that asks PayOnce for the order's status, never proof of payment
   * @param quitUrl where the channel's mobile page sends a buyer who leaves without paying
   * @param clientIp the buyer's address as the merchant's page saw it
   * @param channelUserId the buyer's id at the channel, for products bound to one buyer
   */
  record Buyer(
      @Schema(example = "https://shop.example/orders/order-1001") String returnUrl,
      @Schema(example = "https://shop.example/cart") String quitUrl,
      @Schema(example = "203.0.113.7") String clientIp,
      String channelUserId) {}
}
