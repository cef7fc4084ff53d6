package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.journal.Journal;
import org.springframework.stereotype.Component;

/** The gateway calls, at {@code GET /sandbox/alipay/calls?outTradeNo=&method=}. */
@Component
class CallLog extends Journal<CallRecord> {

  CallLog() {
    super("alipay", Kind.CALLS, CallRecord::outTradeNo, CallRecord::method);
  }
}
