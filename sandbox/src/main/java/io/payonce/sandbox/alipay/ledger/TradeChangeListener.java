package io.payonce.sandbox.alipay.ledger;

/** Hears every trade change, synchronously and under the ledger's lock: keep it quick. */
public interface TradeChangeListener {

  void tradeChanged(TradeChange change);
}
