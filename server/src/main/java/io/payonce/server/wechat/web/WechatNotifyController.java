package io.payonce.server.wechat.web;

import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.log.Failures;
import io.payonce.server.wechat.WechatNotifyHandler;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /pay/wechat/notify}: WeChat Pay's APIv3 notification. The raw body is read as it
 * arrived, because the signature covers it byte for byte. The reply is the protocol's own: 204, or
 * 4xx/5xx with {@code {"code":"FAIL","message":...}} to be called again — never a problem document.
 */
@RestController
@ConditionalOnProperty(prefix = "payonce.wechat", name = "enabled", havingValue = "true")
class WechatNotifyController {

  private static final Logger log = LoggerFactory.getLogger(WechatNotifyController.class);

  private final WechatNotifyHandler handler;

  WechatNotifyController(WechatNotifyHandler handler) {
    this.handler = handler;
  }

  @PostMapping(path = WechatCallbacks.NOTIFY_PATH)
  ResponseEntity<String> notify(HttpServletRequest request) throws IOException {
    return notify(ChannelConfigKey.BOOTSTRAP, request);
  }

  /** A stored configuration's merchant: its notify URL names the configuration. */
  @PostMapping(path = WechatCallbacks.NOTIFY_PATH + "/{configKey}")
  ResponseEntity<String> notify(@PathVariable String configKey, HttpServletRequest request)
      throws IOException {
    String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    WechatNotifyHandler.Reply reply =
        handler.handle(
            configKey,
            new WechatNotifyHandler.Headers(
                request.getHeader("Wechatpay-Serial"),
                request.getHeader("Wechatpay-Signature"),
                request.getHeader("Wechatpay-Timestamp"),
                request.getHeader("Wechatpay-Nonce"),
                request.getHeader("Wechatpay-Signature-Type")),
            body);
    if (reply.accepted()) {
      return ResponseEntity.noContent().build();
    }
    return fail(HttpStatusCode.valueOf(reply.status()));
  }

  /** Nothing was applied, or it was and WeChat's next delivery is answered as a duplicate. */
  @ExceptionHandler
  ResponseEntity<String> failed(Exception e) {
    HttpStatusCode status = HttpStatus.INTERNAL_SERVER_ERROR;
    if (e instanceof ErrorResponse error && error.getStatusCode().is4xxClientError()) {
      status = error.getStatusCode();
    } else if (e instanceof RequestRejectedException) {
      status = HttpStatus.BAD_REQUEST;
    } else {
      log.error("notify channel=wechat outcome=ERROR {}", Failures.describe(e));
    }
    return fail(status);
  }

  private static ResponseEntity<String> fail(HttpStatusCode status) {
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_JSON)
        .body(WechatNotifyHandler.FAIL_BODY);
  }
}
