package io.payonce.sandbox.wechat;

import io.payonce.sandbox.journal.Journal;
import java.time.Instant;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Every WeChat API call (APIv3 and APIv2), as received, with its outcome and any chaos applied, at
 * {@code GET /sandbox/wechat/calls?outTradeNo=&method=}.
 */
@Component
public class WechatCallLog extends Journal<WechatCallLog.Call> {

  WechatCallLog() {
    super("wechat", Kind.CALLS, Call::outTradeNo, Call::method);
  }

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
}
