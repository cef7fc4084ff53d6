package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.web.DelayedReplies;
import io.payonce.sandbox.wechat.WechatSandbox;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * The APIv2 endpoints under {@code /sandbox/wechat}: point a v2 client's base URL (WxJava's {@code
 * payBaseUrl}) at {@code http://host:port/sandbox/wechat}. Whatever the Content-Type (WxJava sends
 * XML as {@code application/json}), the body is read as XML.
 */
@RestController
class V2Controller {

  private static final String BASE = WechatSandbox.BASE_PATH;

  private final V2Gateway gateway;

  V2Controller(V2Gateway gateway) {
    this.gateway = gateway;
  }

  @PostMapping({BASE + "/pay/micropay", BASE + "/pay/orderquery", BASE + "/secapi/pay/reverse"})
  DeferredResult<ResponseEntity<byte[]>> call(HttpServletRequest http) throws IOException {
    String path = http.getRequestURI().substring(http.getContextPath().length() + BASE.length());
    String body = new String(http.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    V2Gateway.Exchange exchange = gateway.handle(path, body);
    ResponseEntity<byte[]> response =
        ResponseEntity.ok()
            .contentType(new MediaType("text", "xml", StandardCharsets.UTF_8))
            .body(exchange.body().getBytes(StandardCharsets.UTF_8));
    return DelayedReplies.after(exchange.delayMillis(), response);
  }
}
