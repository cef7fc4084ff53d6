/**
 * WeChat Pay APIv2 (XML) for payment codes: {@code /pay/micropay}, {@code /pay/orderquery} and
 * {@code /secapi/pay/reverse} under {@code /sandbox/wechat}, signed MD5 or HMAC-SHA256 with the
 * merchant's APIv2 key both ways.
 */
package io.payonce.sandbox.wechat.v2;
