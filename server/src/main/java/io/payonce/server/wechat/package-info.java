/**
 * WeChat Pay: APIv3 Native (QR prepay, query, close, refunds, notifications) through the official
 * {@code wechatpay-java}: the only package that imports it or knows a WeChat word. Production talks
 * to {@code api.mch.weixin.qq.com}; the embedded profile and the tests move the library's requests
 * to the sandbox. A top-level module beside the port it implements ({@code channel}): it depends on
 * the port and the domain it feeds, and nothing depends on it but the wiring.
 */
@org.springframework.modulith.ApplicationModule(displayName = "WeChat Pay")
package io.payonce.server.wechat;
