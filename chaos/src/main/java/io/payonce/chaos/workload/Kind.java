package io.payonce.chaos.workload;

import java.util.SplittableRandom;

/** The scenarios a workload mixes, with their weights. */
public enum Kind {
  /**
   * An Alipay or WeChat Pay QR code, double clicks across instances, maybe a refresh race, the
   * buyer pays; refunds.
   */
  QR_PAY(30),
  /** The merchant closes while the buyer pays; a buyer may come back to the old code later. */
  CLOSE_RACE(15),
  /** Barcode pay: at once, password later, never, refused; repeats and a precreate racing it. */
  BARCODE(25),
  /** Idempotency-Key and requestId replays across instances, and a key reused with another body. */
  IDEMPOTENT(12),
  /** An Alipay or WeChat Pay code nobody pays: it must expire and be closed. */
  ABANDON(5),
  /**
   * Any product of either channel (QR codes, Alipay App, WeChat Pay JSAPI, App and H5): the
   * hand-off asked for across instances, maybe a switch to another product of either channel (the
   * first payment closed first), the buyer paying the first — also after the switch or after its
   * expiry — or the second, or both; refunds.
   */
  ONLINE(20);

  private final int weight;

  Kind(int weight) {
    this.weight = weight;
  }

  static Kind draw(SplittableRandom random) {
    int total = 0;
    for (Kind kind : values()) {
      total += kind.weight;
    }
    int pick = random.nextInt(total);
    for (Kind kind : values()) {
      pick -= kind.weight;
      if (pick < 0) {
        return kind;
      }
    }
    throw new IllegalStateException();
  }
}
