package io.payonce.sandbox.ledger;

/**
 * Names an order by the channel's own number ({@code tradeNo}: Alipay's trade_no, WeChat's
 * transaction_id), which wins, or by the merchant's out_trade_no.
 */
public record OrderRef(String outTradeNo, String tradeNo) {

  public static OrderRef byOutTradeNo(String outTradeNo) {
    return new OrderRef(outTradeNo, null);
  }

  public static OrderRef byTradeNo(String tradeNo) {
    return new OrderRef(null, tradeNo);
  }
}
