package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.SandboxResettable;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.springframework.stereotype.Component;

/** The most recent gateway calls (oldest dropped beyond a cap, to bound memory under load). */
@Component
class CallLog implements SandboxResettable {

  private static final int CAP = 200_000;
  private final Deque<CallRecord> calls = new ArrayDeque<>();

  synchronized void record(CallRecord call) {
    if (calls.size() == CAP) {
      calls.removeFirst();
    }
    calls.addLast(call);
  }

  synchronized List<CallRecord> find(String outTradeNo, String method) {
    return calls.stream()
        .filter(c -> outTradeNo == null || outTradeNo.equals(c.outTradeNo()))
        .filter(c -> method == null || method.equals(c.method()))
        .toList();
  }

  @Override
  public synchronized void reset() {
    calls.clear();
  }
}
