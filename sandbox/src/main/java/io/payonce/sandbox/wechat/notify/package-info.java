/**
 * WeChat Pay's notifies: APIv3 JSON with an AES-256-GCM resource and signed {@code Wechatpay-*}
 * headers (payments and refunds), and the APIv2 XML payment notify when asked; retried on WeChat's
 * schedule until a 2xx (or, for XML, {@code return_code} SUCCESS).
 */
package io.payonce.sandbox.wechat.notify;
