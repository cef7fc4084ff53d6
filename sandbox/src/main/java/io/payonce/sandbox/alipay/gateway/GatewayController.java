package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipaySandbox;
import io.payonce.sandbox.web.DelayedReplies;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import org.springframework.web.util.HtmlUtils;

/**
 * {@code POST /sandbox/alipay/gateway.do}. Chaos delays (latency, commit-then-timeout) complete the
 * reply later from a timer, never by holding a request thread.
 */
@RestController
class GatewayController {

  private final AlipayGateway gateway;

  GatewayController(AlipayGateway gateway) {
    this.gateway = gateway;
  }

  @RequestMapping(
      path = AlipaySandbox.GATEWAY_PATH,
      method = {RequestMethod.POST, RequestMethod.GET})
  DeferredResult<ResponseEntity<byte[]>> gateway(HttpServletRequest http) throws IOException {
    GatewayRequest request = GatewayRequest.read(http);
    String baseUrl = ServletUriComponentsBuilder.fromContextPath(http).toUriString();
    AlipayGateway.Exchange exchange = gateway.handle(request, baseUrl);
    String method = request.param("method");
    // Set.of refuses to be asked about null: a request without a method is the JSON error.
    if (method != null && CheckoutMethod.NAMES.contains(method)) {
      return DelayedReplies.after(exchange.delayMillis(), page(exchange.reply()));
    }
    ResponseEntity<byte[]> response =
        ResponseEntity.ok()
            .contentType(new MediaType("application", "json", exchange.charset()))
            .body(exchange.body().getBytes(exchange.charset()));
    return DelayedReplies.after(exchange.delayMillis(), response);
  }

  /**
   * A cashier-page request's answer, as the buyer's browser gets it: a redirect to the cashier
   * page, or Alipay's error page naming the sub_code (a bad signature, a paid or closed trade).
   */
  private static ResponseEntity<byte[]> page(AlipayReply reply) {
    if ("10000".equals(reply.code())) {
      return ResponseEntity.status(HttpStatus.FOUND)
          .location(URI.create(String.valueOf(reply.fields().get("checkout_url"))))
          .build();
    }
    String code = reply.subCode() == null ? reply.code() : reply.subCode();
    String html =
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>支付宝 - 错误</title></head>"
            + "<body><h1>错误代码 <span id=\"error-code\">"
            + HtmlUtils.htmlEscape(code)
            + "</span></h1><p id=\"error-message\">"
            + HtmlUtils.htmlEscape(reply.subMsg() == null ? reply.msg() : reply.subMsg())
            + "</p></body></html>";
    return ResponseEntity.ok()
        .contentType(new MediaType("text", "html", StandardCharsets.UTF_8))
        .body(html.getBytes(StandardCharsets.UTF_8));
  }
}
