package io.payonce.server.wechat.web;

import io.payonce.server.log.Failures;
import io.payonce.server.wechat.WechatXmlNotifyHandler;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/pay/callback/wechat}: WeChat Pay's APIv2 payment notify (XML, any content type).
 * The reply is the protocol's own XML, SUCCESS or FAIL, always with 200 — never a problem document
 * and never a 500, whatever arrives.
 */
@RestController
@ConditionalOnProperty(prefix = "payonce.wechat", name = "enabled", havingValue = "true")
class WechatXmlNotifyController {

  private static final Logger log = LoggerFactory.getLogger(WechatXmlNotifyController.class);

  private final WechatXmlNotifyHandler handler;

  WechatXmlNotifyController(WechatXmlNotifyHandler handler) {
    this.handler = handler;
  }

  @PostMapping(path = WechatCallbacks.XML_NOTIFY_PATH)
  ResponseEntity<String> notify(HttpServletRequest request) throws IOException {
    String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return reply(handler.handle(body));
  }

  /** A stored configuration's merchant: its notify URL names the configuration. */
  @PostMapping(path = WechatCallbacks.XML_NOTIFY_PATH + "/{configKey}")
  ResponseEntity<String> notify(@PathVariable String configKey, HttpServletRequest request)
      throws IOException {
    String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return reply(handler.handle(configKey, body));
  }

  /** Nothing was applied, or it was and WeChat's next delivery is answered as a duplicate. */
  @ExceptionHandler
  ResponseEntity<String> failed(Exception e) {
    log.warn("notify channel=wechat protocol=v2 outcome=ERROR {}", Failures.describe(e));
    return reply(WechatXmlNotifyHandler.FAIL);
  }

  private static ResponseEntity<String> reply(String xml) {
    return ResponseEntity.ok().contentType(MediaType.TEXT_XML).body(xml);
  }
}
