package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestNumbers;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * A database that cannot give a connection in time (the pool exhausted under load, the server
 * restarting) is the service being briefly unavailable, not a bug: 503 with Retry-After, which a
 * client may retry safely — never a 500. The chaos soak met it as "order answered 500 internal".
 */
@PayOnceIntegrationTest
@TestPropertySource(
    properties = {
      "spring.datasource.hikari.maximum-pool-size=3",
      "spring.datasource.hikari.connection-timeout=250"
    })
class DatabaseBusyIntegrationTests {

  private static final String UNAVAILABLE = "https://payonce.io/problems/temporarily-unavailable";

  @LocalServerPort int port;
  @Autowired DataSource dataSource;
  PayOnceHttp http;
  final List<Connection> held = new ArrayList<>();

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @AfterEach
  void release() throws SQLException {
    for (Connection connection : held) {
      connection.close();
    }
  }

  @Test
  void aRequestThatGetsNoConnectionIsAnsweredTryAgainLater() throws SQLException {
    String orderNo = TestNumbers.orderNo("busy");
    holdEveryConnection();

    Answer create = http.post(http.serverBase() + "/api/orders", order(orderNo), Map.of());
    Answer read = http.get(http.serverBase() + "/api/orders/" + orderNo);

    for (Answer answer : List.of(create, read)) {
      assertThat(answer.status()).isEqualTo(503);
      assertThat(answer.text("type")).isEqualTo(UNAVAILABLE);
      assertThat(answer.header("Retry-After")).isNotBlank();
      assertThat(answer.body()).doesNotContain("Exception").doesNotContain("Hikari");
    }

    release();
    held.clear();
    assertThat(http.post(http.serverBase() + "/api/orders", order(orderNo), Map.of()).status())
        .isEqualTo(201);
  }

  private void holdEveryConnection() {
    try {
      while (held.size() < 10) {
        held.add(dataSource.getConnection());
      }
    } catch (SQLException exhausted) {
      // The pool gave what it had: every connection is held now.
    }
    assertThat(held).isNotEmpty().hasSizeLessThanOrEqualTo(3);
  }

  private static String order(String orderNo) {
    return """
        {"orderNo":"%s","userId":"u1","amount":"1.00","currency":"CNY","title":"Busy"}
        """
        .formatted(orderNo);
  }
}
