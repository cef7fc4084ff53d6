package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.web.DelayedReplies;
import io.payonce.sandbox.wechat.WechatSandbox;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * {@code /sandbox/wechat/v3/**}: every APIv3 endpoint. The raw path, query and body are kept as
 * they arrived, because the signature covers them byte for byte. Chaos delays complete the reply
 * later from a timer, never by holding a request thread.
 */
@RestController
class WechatApiController {

  static final String BASE = WechatSandbox.BASE_PATH;

  private final V3Gateway gateway;

  WechatApiController(V3Gateway gateway) {
    this.gateway = gateway;
  }

  @RequestMapping(BASE + "/v3/**")
  DeferredResult<ResponseEntity<byte[]>> api(HttpServletRequest http) throws IOException {
    String body = new String(http.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String path = http.getRequestURI().substring(http.getContextPath().length());
    String baseUrl = ServletUriComponentsBuilder.fromContextPath(http).toUriString();
    V3Gateway.Exchange exchange =
        gateway.handle(
            new V3Request(
                http.getMethod(),
                path,
                http.getQueryString(),
                body,
                http.getHeader("Authorization"),
                baseUrl));
    SignedResponses.Signed signed = exchange.response();
    HttpHeaders headers = new HttpHeaders();
    signed.headers().forEach(headers::set);
    ResponseEntity<byte[]> response =
        ResponseEntity.status(signed.status())
            .headers(headers)
            .body(signed.body().length == 0 ? null : signed.body());
    return DelayedReplies.after(exchange.delayMillis(), response);
  }
}
