package io.payonce.server.alipay.web;

import io.payonce.server.alipay.AlipayNotifyHandler;
import io.payonce.server.log.Failures;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /pay/alipay/notify}: Alipay's form-encoded notification. The reply is the protocol's
 * own: the exact body {@code success}, or {@code fail} to be called again — never a problem
 * document, whatever goes wrong (requests the shared web layer refuses get {@code fail} there, see
 * {@link AlipayCallbacks}).
 */
@RestController
class AlipayNotifyController {

  private static final Logger log = LoggerFactory.getLogger(AlipayNotifyController.class);

  private final AlipayNotifyHandler handler;

  AlipayNotifyController(AlipayNotifyHandler handler) {
    this.handler = handler;
  }

  @PostMapping(path = AlipayCallbacks.NOTIFY_PATH)
  ResponseEntity<String> notify(HttpServletRequest request) {
    Map<String, String> params = new LinkedHashMap<>();
    request.getParameterMap().forEach((name, values) -> params.put(name, values[0]));
    return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(handler.handle(params));
  }

  /** Nothing was applied, or it was and Alipay's next delivery is answered as a duplicate. */
  @ExceptionHandler
  ResponseEntity<String> failed(Exception e) {
    HttpStatusCode status = HttpStatus.INTERNAL_SERVER_ERROR;
    if (e instanceof ErrorResponse error && error.getStatusCode().is4xxClientError()) {
      status = error.getStatusCode();
    } else if (e instanceof RequestRejectedException) {
      status = HttpStatus.BAD_REQUEST;
    } else {
      log.error("notify channel=alipay outcome=ERROR {}", Failures.describe(e));
    }
    return ResponseEntity.status(status)
        .contentType(MediaType.TEXT_PLAIN)
        .body(AlipayNotifyHandler.FAIL);
  }
}
