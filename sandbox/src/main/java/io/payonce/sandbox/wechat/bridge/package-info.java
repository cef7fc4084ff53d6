/**
 * The buyer's WeChat playing the JS bridge ({@code WeixinJSBridge.invoke('getBrandWCPayRequest')},
 * a mini-program's {@code wx.requestPayment}): it checks the merchant's paySign and the payer, then
 * pays the JSAPI order, which notifies as every payment does.
 */
package io.payonce.sandbox.wechat.bridge;
