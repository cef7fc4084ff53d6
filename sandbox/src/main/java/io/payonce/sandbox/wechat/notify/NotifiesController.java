package io.payonce.sandbox.wechat.notify;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /sandbox/wechat/notifies?outTradeNo=}: every notify attempt and its reply. */
@RestController("wechatNotifiesController")
class NotifiesController {

  private final NotifyLog log;

  NotifiesController(NotifyLog log) {
    this.log = log;
  }

  @GetMapping("/sandbox/wechat/notifies")
  List<NotifyAttempt> notifies(@RequestParam(required = false) String outTradeNo) {
    return log.find(outTradeNo);
  }
}
