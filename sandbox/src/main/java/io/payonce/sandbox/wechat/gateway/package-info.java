/**
 * WeChat Pay APIv3 under {@code /sandbox/wechat/v3/...}: verifies the {@code
 * WECHATPAY2-SHA256-RSA2048} Authorization, dispatches on method and path, and signs every response
 * with the WeChat Pay public key's private half ({@code Wechatpay-*} headers, exact case).
 */
package io.payonce.sandbox.wechat.gateway;
