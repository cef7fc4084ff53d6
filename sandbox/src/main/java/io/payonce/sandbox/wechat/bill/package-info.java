/**
 * WeChat Pay trade bills: the backtick-prefixed UTF-8 CSV behind {@code /v3/bill/tradebill}, its
 * SHA-1 and optional gzip, served at a short-lived download_url.
 */
package io.payonce.sandbox.wechat.bill;
