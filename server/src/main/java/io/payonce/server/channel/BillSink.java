package io.payonce.server.channel;

/** Receives a bill's detail rows one at a time, in the bill's order, as they are read. */
public interface BillSink {

  /** A payment or refund row read whole. */
  void line(BillLine line);

  /** A row that could not be read; it keeps its place in the line numbering. */
  void bad(BadBillLine line);
}
