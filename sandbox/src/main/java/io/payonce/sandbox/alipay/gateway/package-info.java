/**
 * The Alipay OpenAPI gateway ({@code POST /sandbox/alipay/gateway.do}): verifies RSA2 request
 * signatures, dispatches on {@code method}, and answers HTTP 200 with a signed reply, always.
 */
package io.payonce.sandbox.alipay.gateway;
