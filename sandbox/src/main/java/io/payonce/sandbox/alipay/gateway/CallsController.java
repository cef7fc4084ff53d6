package io.payonce.sandbox.alipay.gateway;

import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /sandbox/alipay/calls?outTradeNo=&method=}: every gateway call, with its outcome. */
@RestController
class CallsController {

  private final CallLog calls;

  CallsController(CallLog calls) {
    this.calls = calls;
  }

  @GetMapping("/sandbox/alipay/calls")
  List<CallRecord> calls(
      @RequestParam(required = false) String outTradeNo,
      @RequestParam(required = false) String method) {
    return calls.find(outTradeNo, method);
  }
}
