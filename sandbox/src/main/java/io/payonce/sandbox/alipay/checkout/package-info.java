/**
 * Alipay's cashier pages (page.pay, wap.pay) as the buyer's browser sees them: the page the gateway
 * redirects to, log in, pay from the wallet, and the signed return to the merchant's return_url.
 */
package io.payonce.sandbox.alipay.checkout;
