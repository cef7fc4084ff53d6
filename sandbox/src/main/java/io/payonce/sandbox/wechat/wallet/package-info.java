/** The buyer's side at WeChat Pay: its wallet channel and the payment-code test codes. */
package io.payonce.sandbox.wechat.wallet;
