package io.payonce.server.channel;

/**
 * Why a channel definitely refused a call, in neutral terms: each channel maps its own codes to
 * these (Alipay's {@code ACQ.*} in {@code channel/alipay}), and keeps its code beside for people.
 */
public enum Refusal {
  /** The trade under this number is paid already. */
  TRADE_PAID,
  /** The trade under this number is closed. */
  TRADE_CLOSED,
  /** The trade is finished: it can no longer be refunded or reversed. */
  TRADE_FINISHED,
  /** The channel knows no trade under this number. */
  TRADE_NOT_FOUND,
  /** The trade's state does not allow the call (e.g. closing a paid trade). */
  TRADE_STATE_CONFLICT,
  /** The number was used with other terms (amount, subject, seller) than these. */
  TERMS_CONFLICT,
  /** A reversal came after the channel's window for it. */
  REVERSAL_WINDOW_PASSED,
  /** The buyer's payment code is not valid (expired, mistyped). */
  BUYER_CODE_INVALID,
  /** The buyer's balance cannot cover the payment. */
  BUYER_BALANCE_INSUFFICIENT,
  /** The merchant's balance cannot cover the refund. */
  MERCHANT_BALANCE_INSUFFICIENT,
  /** The payment itself was declined (risk, the buyer's account, ...). */
  PAYMENT_DECLINED,
  /** There is no bill for that day (nothing happened on it). */
  BILL_NOT_FOUND,
  /** Any other definite refusal: the channel's code says which. */
  OTHER
}
