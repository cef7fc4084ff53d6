package io.payonce.sandbox.wechat.notify;

import io.payonce.sandbox.SandboxResettable;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.springframework.stereotype.Component;

/** Every WeChat notify attempt, most recent last (oldest dropped beyond a cap). */
@Component("wechatNotifyLog")
class NotifyLog implements SandboxResettable {

  private static final int CAP = 200_000;
  private final Deque<NotifyAttempt> attempts = new ArrayDeque<>();

  synchronized void record(NotifyAttempt attempt) {
    if (attempts.size() == CAP) {
      attempts.removeFirst();
    }
    attempts.addLast(attempt);
  }

  synchronized List<NotifyAttempt> find(String outTradeNo) {
    return attempts.stream()
        .filter(a -> outTradeNo == null || outTradeNo.equals(a.outTradeNo()))
        .toList();
  }

  @Override
  public synchronized void reset() {
    attempts.clear();
  }
}
