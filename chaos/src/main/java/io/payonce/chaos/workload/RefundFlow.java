package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * What a merchant does with a paid order: the same refund number from two instances at once,
 * refunds beyond what was paid, a refund the channel refuses, one whose answer is lost, keyed
 * replays, or nothing.
 */
final class RefundFlow {

  /** The kinds of refund story. */
  enum Mode {
    NONE,
    SAME_NUMBER_TWICE,
    BEYOND_PAID,
    REFUSED,
    UNKNOWN_OUTCOME,
    KEYED_REPLAY,
    PARTIAL_THEN_REST
  }

  private static final List<String> REFUND_METHODS =
      List.of("alipay.trade.refund", "wechat.refund");

  private static final Mode[] WEIGHTED = {
    Mode.NONE,
    Mode.NONE,
    Mode.NONE,
    Mode.NONE,
    Mode.NONE,
    Mode.NONE,
    Mode.SAME_NUMBER_TWICE,
    Mode.SAME_NUMBER_TWICE,
    Mode.SAME_NUMBER_TWICE,
    Mode.BEYOND_PAID,
    Mode.BEYOND_PAID,
    Mode.REFUSED,
    Mode.REFUSED,
    Mode.UNKNOWN_OUTCOME,
    Mode.KEYED_REPLAY,
    Mode.KEYED_REPLAY,
    Mode.PARTIAL_THEN_REST
  };

  private final Scenario s;
  private final Mode mode;
  private final boolean full;
  private final long part;
  private final Target[] twins;
  private final Target[] others;
  private final boolean mismatch;
  private final boolean thenAnother;
  private final int replayDelayMs;

  private RefundFlow(Scenario s, Mode mode) {
    this.s = s;
    this.mode = mode;
    this.full = s.chance(0.5);
    this.part = Math.max(1, s.amount * s.between(20, 61) / 100);
    this.twins = s.twoInstances();
    this.others = new Target[] {s.pick(), s.pick(), s.pick()};
    this.mismatch = s.chance(0.25);
    this.thenAnother = s.chance(0.5);
    this.replayDelayMs = s.between(100, 1500);
  }

  /** Draws the plan (always the same number of draws, whatever the mode). */
  static RefundFlow plan(Scenario s) {
    return new RefundFlow(s, WEIGHTED[s.random.nextInt(WEIGHTED.length)]);
  }

  /** A plan that replays keys whenever it refunds. */
  static RefundFlow keyed(Scenario s) {
    RefundFlow drawn = plan(s);
    return new RefundFlow(s, drawn.mode == Mode.NONE ? Mode.NONE : Mode.KEYED_REPLAY);
  }

  @Override
  public String toString() {
    return "refunds=" + mode + (mode == Mode.NONE ? "" : full ? "(full)" : "(part " + part + ")");
  }

  /** Runs the plan against the paid order; {@code outTradeNo} is the payment that paid it. */
  void run(String outTradeNo) {
    switch (mode) {
      case NONE -> {}
      case SAME_NUMBER_TWICE -> sameNumberTwice();
      case BEYOND_PAID -> beyondPaid();
      case REFUSED -> refused(outTradeNo);
      case UNKNOWN_OUTCOME -> unknownOutcome(outTradeNo);
      case KEYED_REPLAY -> keyedReplay();
      case PARTIAL_THEN_REST -> partialThenRest();
    }
  }

  private void sameNumberTwice() {
    String number = "r" + s.index + "a";
    long amount = full ? s.amount : part;
    List<Reply> replies =
        s.together(
            List.of(
                () -> s.merchant().refund(twins[0], s.orderNo, number, amount, null),
                () -> s.merchant().refund(twins[1], s.orderNo, number, amount, null)));
    s.actors()
        .exchanges()
        .twin(new Exchanges.Twin(s.orderNo, number, replies.get(0), replies.get(1)));
    s.note("refund " + number + " twice at once: " + briefs(replies));
  }

  private void beyondPaid() {
    long each = Math.max(1, s.amount * 2 / 5);
    List<Callable<Reply>> calls = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String number = "r" + s.index + "b" + i;
      Target target = others[i];
      calls.add(() -> s.merchant().refund(target, s.orderNo, number, each, null));
    }
    s.note("3 refunds of " + each + " at once (120%): " + briefs(s.together(calls)));
  }

  private void refused(String outTradeNo) {
    Map<String, Object> refuse = new HashMap<>();
    refuse.put("refundRefusalRate", 1.0);
    refundKnobs(outTradeNo, refuse);
    Reply reply;
    try {
      reply = s.merchant().refund(others[0], s.orderNo, "r" + s.index + "c", part, null);
    } finally {
      refuse.put("refundRefusalRate", null);
      refundKnobs(outTradeNo, refuse);
    }
    s.note("refund the channel refuses: " + reply.brief());
    if (thenAnother) {
      Reply next =
          s.retrying(
              () -> s.merchant().refund(others[1], s.orderNo, "r" + s.index + "d", part, null), 5);
      s.note("then another refund: " + next.brief());
    }
  }

  private void unknownOutcome(String outTradeNo) {
    Map<String, Object> stall = new HashMap<>();
    stall.put("commitThenTimeout", true);
    stall.put("commitThenTimeoutStallMs", s.actors().timings().readTimeout().toMillis() + 2_000);
    refundKnobs(outTradeNo, stall);
    Reply reply;
    try {
      reply =
          s.merchant()
              .refund(others[0], s.orderNo, "r" + s.index + "u", full ? s.amount : part, null);
    } finally {
      stall.put("commitThenTimeout", null);
      stall.put("commitThenTimeoutStallMs", null);
      refundKnobs(outTradeNo, stall);
    }
    s.note("refund whose answer is lost: " + reply.brief());
  }

  private void keyedReplay() {
    String key = "rk-" + s.orderNo;
    String number = "r" + s.index + "k";
    long amount = full ? s.amount : part;
    Reply first =
        s.retrying(() -> s.merchant().refund(others[0], s.orderNo, number, amount, key), 5);
    Scenario.sleep(replayDelayMs);
    Reply replay = s.merchant().refund(others[1], s.orderNo, number, amount, key);
    s.note(
        "keyed refund "
            + first.brief()
            + ", replay "
            + replay.brief()
            + (replay.replayed() ? " (replayed)" : ""));
    if (mismatch && amount > 1) {
      Reply other = s.merchant().refund(others[2], s.orderNo, number, amount - 1, key);
      s.note("same key, other amount: " + other.brief());
    }
  }

  private void partialThenRest() {
    Reply first =
        s.retrying(
            () -> s.merchant().refund(others[0], s.orderNo, "r" + s.index + "p1", part, null), 5);
    Reply rest =
        s.retrying(
            () ->
                s.merchant()
                    .refund(others[1], s.orderNo, "r" + s.index + "p2", s.amount - part, null),
            5);
    s.note("partial refund " + first.brief() + ", then the rest " + rest.brief());
  }

  /** The knobs on the payment's refund calls, whichever channel took it. */
  private void refundKnobs(String outTradeNo, Map<String, Object> knobs) {
    for (String method : REFUND_METHODS) {
      s.actors().sandbox().chaosFor(outTradeNo, method, knobs);
    }
  }

  static String briefs(List<Reply> replies) {
    return String.join(", ", replies.stream().map(Reply::brief).toList());
  }
}
