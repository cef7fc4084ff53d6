package io.payonce.sandbox.wechat;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /sandbox/wechat/calls?outTradeNo=&method=}: every API call, with its outcome. */
@RestController
class WechatCallsController {

  private final WechatCallLog calls;

  WechatCallsController(WechatCallLog calls) {
    this.calls = calls;
  }

  @GetMapping("/sandbox/wechat/calls")
  List<WechatCallLog.Call> calls(
      @RequestParam(required = false) String outTradeNo,
      @RequestParam(required = false) String method) {
    return calls.find(outTradeNo, method);
  }
}
