package io.payonce.sandbox.wechat.notify;

import io.payonce.sandbox.journal.Journal;
import org.springframework.stereotype.Component;

/** Every WeChat notify attempt, at {@code GET /sandbox/wechat/notifies?outTradeNo=}. */
@Component("wechatNotifyLog")
class NotifyLog extends Journal<NotifyAttempt> {

  NotifyLog() {
    super("wechat", Kind.NOTIFIES, NotifyAttempt::outTradeNo);
  }
}
