package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code /error} renders the container's error dispatches. Asked for directly it has no error to
 * render: it once answered 500 for want of a status; it is a 404 problem like any unknown route.
 */
@PayOnceIntegrationTest
class ErrorRouteIntegrationTests {

  @LocalServerPort int port;
  RawHttp raw;

  @BeforeEach
  void setUp() {
    raw = new RawHttp(port);
  }

  @ParameterizedTest
  @ValueSource(strings = {"GET", "POST", "PUT", "DELETE", "PATCH"})
  void theErrorRouteAskedForDirectlyIsNotFound(String method) {
    RawHttp.Answer answer =
        raw.send(
            method,
            "/error",
            List.of("Content-Type: application/json", "Accept: application/json"),
            method.equals("GET") ? null : "{}");

    assertThat(answer.status()).as(answer.body()).isEqualTo(404);
    assertThat(answer.isProblem()).isTrue();
    assertThat(answer.body()).contains("https://payonce.io/problems/not-found");
  }

  @ParameterizedTest
  @ValueSource(strings = {"/error?x=1", "/%65rror", "/error/", "/error;x=1"})
  void theErrorRouteUnderAnotherSpellingIsNotFoundToo(String target) {
    RawHttp.Answer answer = raw.send("GET", target, List.of("Accept: application/json"), null);

    assertThat(answer.status()).as(answer.body()).isBetween(400, 404);
    assertThat(answer.isProblem()).isTrue();
  }
}
