package io.payonce.sandbox.ledger;

/** What the shared {@link Ledger} reads of a channel's order to file and find it. */
public interface LedgerEntry {

  /** The merchant the order belongs to: Alipay's app_id, WeChat's mchid. */
  String merchant();

  String outTradeNo();

  /** The channel's own number for the order (trade_no, transaction_id); null until it has one. */
  String channelTradeNo();

  /** The code a buyer scans to pay it (qr_code, code_url); null when there is none. */
  String scanCode();

  /**
   * Whether time alone will still change it (a confirmation or deadline due, a refund to settle).
   */
  boolean waitsOnTime();
}
