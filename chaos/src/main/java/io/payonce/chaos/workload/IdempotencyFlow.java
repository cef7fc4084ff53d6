package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Request-level idempotency across instances: the same key (header or body requestId) sent to two
 * instances at once, replayed later through a third way in, and reused with another body. Every
 * answer is recorded; the checks compare the replays with the first answer byte for byte.
 */
final class IdempotencyFlow {

  private IdempotencyFlow() {}

  static void run(Scenario s) {
    boolean header = s.chance(0.5);
    boolean concurrent = s.chance(0.5);
    Target[] pair = s.twoInstances();
    Target replayer = s.pick();
    int replayDelay = s.between(100, 2_000);
    boolean mismatch = s.chance(0.2);
    boolean pays = s.chance(0.8);
    RefundFlow refunds = RefundFlow.keyed(s);
    String key = (header ? "k-" : "rq-") + s.orderNo;
    s.note(
        "IDEMPOTENT amount="
            + s.amount
            + " key="
            + key
            + (header ? " (header)" : " (requestId)")
            + " concurrent="
            + concurrent
            + " replayVia="
            + replayer.name()
            + " mismatch="
            + mismatch
            + " pays="
            + pays
            + " "
            + refunds);
    if (!s.createOrder()) {
      return;
    }
    List<Callable<Reply>> calls = new ArrayList<>();
    calls.add(() -> keyed(s, pair[0], key, header, false));
    if (concurrent) {
      calls.add(() -> keyed(s, pair[1], key, header, false));
    }
    List<Reply> first = s.together(calls);
    s.note("keyed precreate: " + RefundFlow.briefs(first));
    Reply qr = QrFlows.withQr(first);
    if (qr == null) {
      qr = s.retrying(() -> keyed(s, pair[0], key, header, false), 20);
      s.note("keyed precreate again: " + qr.brief() + (qr.replayed() ? " (replayed)" : ""));
    }
    Scenario.sleep(replayDelay);
    Reply replay = keyed(s, replayer, key, header, false);
    s.note("replay: " + replay.brief() + (replay.replayed() ? " (replayed)" : ""));
    if (mismatch) {
      s.note("same key, refresh added: " + keyed(s, replayer, key, header, true).brief());
    }
    if (!pays || qr.status() != 200 || qr.text("qrCode") == null) {
      return;
    }
    s.note("buyer pays: " + s.buyer().pay(s.orderNo, qr.text("qrCode"), s.buyerId()).brief());
    QrFlows.settleAndRefund(s, refunds, Duration.ofSeconds(20));
  }

  private static Reply keyed(
      Scenario s, Target target, String key, boolean header, boolean refresh) {
    return header
        ? s.merchant().precreate(target, s.orderNo, refresh, key, null)
        : s.merchant().precreate(target, s.orderNo, refresh, null, key);
  }
}
