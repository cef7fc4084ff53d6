package io.payonce.sandbox.wechat.ledger;

/** Hears every order change, synchronously and under the ledger's lock: keep it quick. */
public interface OrderChangeListener {

  void orderChanged(OrderChange change);
}
