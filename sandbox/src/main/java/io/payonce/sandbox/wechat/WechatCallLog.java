package io.payonce.sandbox.wechat;

import io.payonce.sandbox.SandboxResettable;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Every WeChat API call (APIv3 and APIv2), as received, with its outcome and any chaos applied
 * (oldest dropped beyond a cap, to bound memory under load).
 */
@Component
public class WechatCallLog implements SandboxResettable {

  private static final int CAP = 200_000;
  private final Deque<Call> calls = new ArrayDeque<>();

  /**
   * One call. {@code status} is the HTTP status (APIv3) or 200 (APIv2); {@code code} the error code
   * (APIv3 {@code code}, APIv2 {@code err_code} or {@code return_msg}), null on success.
   */
  public record Call(
      Instant at,
      String method,
      String mchid,
      String outTradeNo,
      String request,
      int status,
      String code,
      String message,
      List<String> chaos) {}

  public synchronized void record(Call call) {
    if (calls.size() == CAP) {
      calls.removeFirst();
    }
    calls.addLast(call);
  }

  public synchronized List<Call> find(String outTradeNo, String method) {
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
