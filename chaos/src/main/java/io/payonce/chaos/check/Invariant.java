package io.payonce.chaos.check;

/** What must hold after any run, whatever was injected. */
public enum Invariant {
  /** Per order, the channel holds at most the order's amount, in at most one live trade. */
  I1(
      "money taken at most once",
      "per order, the channel's net (paid minus refunded, over all its trades) <= the order amount,"
          + " and at most one paid trade not fully refunded"),
  /** What the channel took is SUCCESS in our books, and our successes are the channel's. */
  I2(
      "channel successes recorded",
      "every trade the channel holds money for is a SUCCESS payment here; every paid (or refunding,"
          + " refunded) order has a SUCCESS payment; every SUCCESS here is a paid trade there"),
  /** Refunds never exceed what was paid, and both sets of books agree on them. */
  I3(
      "refunds within paid, books agree",
      "per payment, refunds <= paid at the channel and here (succeeded + pending), and the channel's"
          + " refunded sum equals our succeeded refunds"),
  /** A replayed Idempotency-Key answers the first answer, byte for byte. */
  I4(
      "replays identical",
      "every answer marked Idempotent-Replayed equals the first final answer to that key and body;"
          + " a key never runs twice to two final answers"),
  /** Each paid order's OrderPaid reaches the merchant once in effect; unpaid ones never. */
  I5(
      "fulfilled exactly once",
      "an order whose money the channel kept has exactly one OrderPaid event id at the merchant's"
          + " consumer (deduplicated by event id); an order whose money it did not keep has none"),
  /** Nothing is left half-done once janitors and relays had their time. */
  I6(
      "nothing stuck",
      "no payment in flight past its expiry + margin + janitor period, no refund pending past a few"
          + " retry rounds, no event unpublished past the relay lease + back-off"),
  /** The API keeps its word: no 500, alike answers to twins, a 200 means what it says. */
  I7(
      "answers keep their word",
      "no request answered 500; two requests for one refund number at the same time get the same"
          + " kind of answer; a precreate's 200 carries a QR code; after a close's 200 CLOSED no"
          + " payment of the order is still payable"),
  /** What we told a merchant or the channel we had is in the books for good. */
  I8(
      "acknowledged facts kept",
      "every fact we acknowledged (an order created, a precreate's code, a refund accepted, a barcode"
          + " payment answered SUCCESS, a close answered CLOSED, a paid trade's notify answered"
          + " success) is in the final primary's books, recorded no later than the"
          + " acknowledgement: one recorded only later was learned again after its commit was"
          + " lost");

  private final String title;
  private final String rule;

  Invariant(String title, String rule) {
    this.title = title;
    this.rule = rule;
  }

  public String title() {
    return title;
  }

  public String rule() {
    return rule;
  }
}
