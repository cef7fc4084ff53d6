package io.payonce.sandbox.wechat.ledger;

/** How the order was placed: APIv3 Native (the buyer scans a code_url) or APIv2 payment code. */
public enum TradeType {
  /** {@code POST /v3/pay/transactions/native}: a code_url the buyer scans. */
  NATIVE,
  /** {@code POST /pay/micropay}: the merchant scans the buyer's payment code. */
  MICROPAY
}
