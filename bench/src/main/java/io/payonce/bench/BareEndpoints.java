package io.payonce.bench;

import jakarta.servlet.http.HttpServletRequest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * B2's endpoints, registered by the bench in the server it starts (not part of the server): the
 * same request shapes as precreate (JSON in, a JSON answer of the same fields out) and notify (a
 * form in, read the way the notify controller reads it, {@code success} out), with nothing behind
 * them. They pass the server's whole filter chain — Spring Security's open chain, observation, the
 * idempotency filter (which skips them, as it skips a precreate without a key after looking at it)
 * — so B2 is the framework's floor for one request.
 */
@RestController
class BareEndpoints {

  static final String JSON_PATH = "/bench/bare/json";
  static final String FORM_PATH = "/bench/bare/form";

  private static final Instant EXPIRES = Instant.parse("2026-01-01T00:15:00Z");

  /** The precreate request's one field. */
  public record BareRequest(String orderNo) {}

  /** The fields of a precreate answer. */
  public record BareAnswer(
      String orderNo, String outTradeNo, String qrCode, Instant expireTime, String paymentStatus) {}

  @PostMapping(
      path = JSON_PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  BareAnswer json(@RequestBody BareRequest request) {
    return new BareAnswer(
        request.orderNo(),
        "P0000000000000000000000000000000",
        "https://qr.alipay.com/bax00000000000000000000",
        EXPIRES,
        "PRECREATED");
  }

  @PostMapping(path = FORM_PATH)
  ResponseEntity<String> form(HttpServletRequest request) {
    Map<String, String> params = new LinkedHashMap<>();
    request.getParameterMap().forEach((name, values) -> params.put(name, values[0]));
    return ResponseEntity.ok()
        .contentType(MediaType.TEXT_PLAIN)
        .body(params.containsKey("sign") ? "success" : "fail");
  }
}
