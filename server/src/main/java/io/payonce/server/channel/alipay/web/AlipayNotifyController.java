package io.payonce.server.channel.alipay.web;

import io.payonce.server.channel.alipay.AlipayNotifyHandler;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /pay/alipay/notify}: Alipay's form-encoded notification. The reply is the protocol's
 * own: the exact body {@code success}, or {@code fail} to be called again — never a problem
 * document.
 */
@RestController
class AlipayNotifyController {

  private final AlipayNotifyHandler handler;

  AlipayNotifyController(AlipayNotifyHandler handler) {
    this.handler = handler;
  }

  @PostMapping(path = "/pay/alipay/notify")
  ResponseEntity<String> notify(HttpServletRequest request) {
    Map<String, String> params = new LinkedHashMap<>();
    request.getParameterMap().forEach((name, values) -> params.put(name, values[0]));
    return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(handler.handle(params));
  }
}
