package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipaySandbox;
import io.payonce.sandbox.web.DelayedReplies;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

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
    ResponseEntity<byte[]> response =
        ResponseEntity.ok()
            .contentType(new MediaType("application", "json", exchange.charset()))
            .body(exchange.body().getBytes(exchange.charset()));
    return DelayedReplies.after(exchange.delayMillis(), response);
  }
}
