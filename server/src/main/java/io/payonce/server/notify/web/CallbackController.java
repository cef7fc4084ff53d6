package io.payonce.server.notify.web;

import io.payonce.server.log.Failures;
import io.payonce.server.notify.CallbackDelivery;
import io.payonce.server.notify.CallbackIntake;
import io.payonce.server.notify.CallbackProtocol;
import io.payonce.server.notify.CallbackReply;
import io.payonce.server.web.RequestPaths;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Every channel's callback endpoint: mapped at each protocol's path (and, for a protocol routed by
 * address, one segment under it) by {@link CallbackEndpoints}, it reads the delivery as its
 * protocol wants it and hands it to the one intake. The answer is always the protocol's own — never
 * a problem document, whatever goes wrong.
 */
class CallbackController {

  static final String CONFIG_KEY = "configKey";

  private static final Logger log = LoggerFactory.getLogger(CallbackController.class);

  private final CallbackIntake intake;
  private final List<CallbackProtocol> protocols;

  CallbackController(CallbackIntake intake, List<CallbackProtocol> protocols) {
    this.intake = intake;
    this.protocols = List.copyOf(protocols);
  }

  /**
   * Writes the reply itself rather than returning it: Spring MVC's return-value handling (content
   * negotiation, the converters' lookup, body advice) was about 5 % of the server's CPU under the
   * sustained bench's notify load (JFR, issue 27) for a body of a few bytes whose type is fixed.
   */
  void receive(HttpServletRequest request, HttpServletResponse response) throws IOException {
    CallbackProtocol protocol = protocolOf(request);
    write(intake.take(protocol, delivery(protocol, request)), response);
  }

  /** Nothing was applied, or it was and the channel's next delivery is answered as a duplicate. */
  @ExceptionHandler
  ResponseEntity<String> failed(Exception e, HttpServletRequest request) {
    int status = HttpStatus.INTERNAL_SERVER_ERROR.value();
    if (e instanceof ErrorResponse error && error.getStatusCode().is4xxClientError()) {
      status = error.getStatusCode().value();
    } else if (e instanceof RequestRejectedException) {
      status = HttpStatus.BAD_REQUEST.value();
    } else {
      log.error(
          "notify path={} outcome=ERROR {}", RequestPaths.routed(request), Failures.describe(e));
    }
    return answer(protocolOf(request).failure(status));
  }

  private CallbackProtocol protocolOf(HttpServletRequest request) {
    String path = RequestPaths.routed(request);
    return protocols.stream()
        .filter(protocol -> protocol.covers(path))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no callback protocol at " + path));
  }

  private static CallbackDelivery delivery(CallbackProtocol protocol, HttpServletRequest request)
      throws IOException {
    Map<String, String> headers = new LinkedHashMap<>();
    for (String name : Collections.list(request.getHeaderNames())) {
      headers.putIfAbsent(name.toLowerCase(Locale.ROOT), request.getHeader(name));
    }
    if (protocol.body() == CallbackProtocol.Body.FORM) {
      Map<String, String> form = new LinkedHashMap<>();
      request.getParameterMap().forEach((name, values) -> form.put(name, values[0]));
      return new CallbackDelivery(request.getRemoteAddr(), configKey(request), headers, form, "");
    }
    String body = new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new CallbackDelivery(
        request.getRemoteAddr(), configKey(request), headers, Map.of(), body);
  }

  @SuppressWarnings("unchecked")
  private static String configKey(HttpServletRequest request) {
    Object variables = request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
    return variables instanceof Map<?, ?> map ? (String) map.get(CONFIG_KEY) : null;
  }

  /**
   * The reply as {@link #answer} gives it through Spring MVC's string converter: the status, the
   * protocol's type as it names it, the body's length and its bytes (in the type's charset, UTF-8
   * when it names none); no body, no type, when the reply has none.
   */
  private static void write(CallbackReply reply, HttpServletResponse response) throws IOException {
    response.setStatus(reply.status());
    if (reply.contentType() == null) {
      return;
    }
    Charset charset =
        reply.contentType().getCharset() == null
            ? StandardCharsets.UTF_8
            : reply.contentType().getCharset();
    byte[] body = reply.body().getBytes(charset);
    response.setContentType(reply.contentType().toString());
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
    response.flushBuffer();
  }

  private static ResponseEntity<String> answer(CallbackReply reply) {
    ResponseEntity.BodyBuilder builder = ResponseEntity.status(reply.status());
    if (reply.contentType() == null) {
      return builder.build();
    }
    return builder.contentType(reply.contentType()).body(reply.body());
  }
}
