package io.payonce.sandbox.wechat.ledger;

/**
 * How the order was placed: APIv3 Native (the buyer scans a code_url), APIv3 JSAPI (the buyer's
 * WeChat pays through the JS bridge), APIv3 APP (the WeChat app on the buyer's phone pays) or APIv2
 * payment code.
 */
public enum TradeType {
  /** {@code POST /v3/pay/transactions/native}: a code_url the buyer scans. */
  NATIVE,
  /** {@code POST /pay/micropay}: the merchant scans the buyer's payment code. */
  MICROPAY,
  /**
   * {@code POST /v3/pay/transactions/jsapi}: a prepay_id for one payer (openid), paid through the
   * JS bridge (official account pages and mini-programs alike).
   */
  JSAPI,
  /**
   * {@code POST /v3/pay/transactions/app}: a prepay_id the merchant's mobile app hands to the
   * WeChat app on the phone, which pays it for whoever is signed in.
   */
  APP,
  /**
   * {@code POST /v3/pay/transactions/h5}: an h5_url (5 min) the phone's browser outside WeChat
   * opens, paid on WeChat's H5 checkout page.
   */
  MWEB
}
