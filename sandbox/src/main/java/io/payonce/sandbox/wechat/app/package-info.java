/**
 * The WeChat app on the buyer's phone, called by a merchant's mobile app ({@code
 * WXApi.sendReq(PayReq)}): it checks the merchant's sign, then pays the APP order, which notifies
 * as every payment does.
 */
package io.payonce.sandbox.wechat.app;
