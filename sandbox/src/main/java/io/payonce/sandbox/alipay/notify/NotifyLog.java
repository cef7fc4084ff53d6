package io.payonce.sandbox.alipay.notify;

import io.payonce.sandbox.journal.Journal;
import org.springframework.stereotype.Component;

/** Every notify attempt, at {@code GET /sandbox/alipay/notifies?outTradeNo=}. */
@Component
class NotifyLog extends Journal<NotifyAttempt> {

  NotifyLog() {
    super("alipay", Kind.NOTIFIES, NotifyAttempt::outTradeNo);
  }
}
