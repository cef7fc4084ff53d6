/**
 * WeChat Pay: APIv3 Native (QR prepay, query, close, refunds, notifications) through the official
 * {@code wechatpay-java}: the only package that imports it or knows a WeChat word. Production talks
 * to {@code api.mch.weixin.qq.com}; the embedded profile and the tests move the library's requests
 * to the sandbox. A module of its own (nested in {@code channel}): it implements the channel ports
 * and feeds WeChat's notifications to the payment domain.
 */
@org.springframework.modulith.ApplicationModule(displayName = "WeChat Pay")
package io.payonce.server.channel.wechat;
