package io.payonce.server.payment.web;

/**
 * The body of POST /pay/alipay/precreate.
 *
 * @param requestId an idempotency key, as an alternative to the Idempotency-Key header
 */
record PrecreateRequest(String orderNo, String requestId) {}
