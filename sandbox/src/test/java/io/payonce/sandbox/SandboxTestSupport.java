package io.payonce.sandbox;

import io.payonce.sandbox.clock.ChinaTime;
import io.payonce.sandbox.clock.SandboxClock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * What every channel's integration tests share: the sandbox over HTTP, reset before each test, its
 * clock moved so that a test's orders fall on one bill day, and the sandbox's own endpoints (chaos,
 * clock). A channel's support adds its merchant and the channel's official SDK.
 */
public abstract class SandboxTestSupport {

  private static final Duration DAY_END_WINDOW = Duration.ofSeconds(20);

  @LocalServerPort protected int port;
  @Autowired private SandboxClock sandboxClock;

  protected RestClient http;
  private Duration clockHop = Duration.ZERO;

  @BeforeEach
  protected final void resetTheSandbox() {
    http = RestClient.create("http://127.0.0.1:" + port);
    http.post().uri("/sandbox/reset").retrieve().toBodilessEntity();
    startOnOneBillDay();
  }

  /**
   * A test's orders must fall on one bill day: one that would start within {@link #DAY_END_WINDOW}
   * of the day's end (China time) starts just after it instead, its clock moved on (the
   * pinned-clock runs of the build start around midnight in China on purpose).
   */
  private void startOnOneBillDay() {
    ZonedDateTime now = sandboxNow().atZone(ChinaTime.ZONE);
    Duration untilDayEnd =
        Duration.between(now, now.toLocalDate().plusDays(1).atStartOfDay(ChinaTime.ZONE));
    clockHop =
        untilDayEnd.compareTo(DAY_END_WINDOW) < 0 ? untilDayEnd.plusSeconds(1) : Duration.ZERO;
    if (!clockHop.isZero()) {
      moveClock("PT0S");
    }
  }

  /** The sandbox clock's "now": what its ledger, time_expire checks and bill days go by. */
  protected Instant sandboxNow() {
    return sandboxClock.now();
  }

  /**
   * Sets the sandbox clock's offset from where the test started, e.g. {@code "PT2H"} (from its base
   * clock, unless the test started past a bill day's end).
   */
  protected void moveClock(String offset) {
    http.put()
        .uri("/sandbox/clock")
        .contentType(MediaType.APPLICATION_JSON)
        .body(Map.of("offset", Duration.parse(offset).plus(clockHop).toString()))
        .retrieve()
        .toBodilessEntity();
  }

  protected JsonNode putChaos(Map<String, Object> knobs) {
    return http.put()
        .uri("/sandbox/chaos")
        .contentType(MediaType.APPLICATION_JSON)
        .body(knobs)
        .retrieve()
        .body(JsonNode.class);
  }

  protected JsonNode get(String path) {
    return http.get().uri(path).retrieve().body(JsonNode.class);
  }

  protected JsonNode postJson(String path, Object body) {
    return http.post()
        .uri(path)
        .contentType(MediaType.APPLICATION_JSON)
        .body(body)
        .retrieve()
        .body(JsonNode.class);
  }

  /** POSTs JSON and returns the response whatever its status (for problem responses). */
  protected ResponseEntity<JsonNode> postExpectingAnything(String path, Object body) {
    return http.post()
        .uri(path)
        .contentType(MediaType.APPLICATION_JSON)
        .body(body)
        .retrieve()
        .onStatus(status -> true, (request, response) -> {})
        .toEntity(JsonNode.class);
  }
}
