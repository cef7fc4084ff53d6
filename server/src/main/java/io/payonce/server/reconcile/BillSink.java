package io.payonce.server.reconcile;

/** Receives a bill's rows as they are read. */
interface BillSink {

  void line(BillLine line);

  void bad(BadBillLine line);
}
