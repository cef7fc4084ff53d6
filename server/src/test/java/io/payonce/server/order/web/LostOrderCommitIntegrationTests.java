package io.payonce.server.order.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TcpProxy;
import io.payonce.server.testing.TcpProxy.LostCommit;
import io.payonce.server.testing.TestNumbers;
import io.payonce.server.testing.ThroughDatabaseProxy;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * An order whose creation committed while its answer was lost with the connection (the database's
 * machine gone mid-COMMIT): the merchant is told 503 with Retry-After, and the same order asked for
 * again is the one committed, never a second. The datasource reaches the database through the
 * test's proxy, which loses the COMMIT's answer. On MariaDB and PostgreSQL through the {@code
 * OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
@ThroughDatabaseProxy
abstract class LostOrderCommitIntegrationTests {

  @LocalServerPort int port;
  @Autowired TcpProxy databaseProxy;
  @Autowired JdbcClient jdbc;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @AfterEach
  void disarm() {
    databaseProxy.disarm();
  }

  @Test
  void anOrderWhoseCreationCommitWasLostIsFoundByTheSameRequestAgain() {
    String orderNo = TestNumbers.orderNo("lost-order");
    Map<String, Object> order =
        Map.of(
            "orderNo", orderNo,
            "userId", "u-lost",
            "amount", "3.10",
            "currency", "CNY",
            "title", "Lost commit");
    LostCommit lost = databaseProxy.loseCommit(TcpProxy.ran("INSERT INTO orders ("));

    Answer first = http.post(http.serverBase() + "/api/orders", order, Map.of());

    assertThat(lost.hasFired()).isTrue();
    assertThat(first.status()).as(first.body()).isEqualTo(503);
    assertThat(first.header("Retry-After")).isNotBlank();
    assertThat(first.text("type")).endsWith("/temporarily-unavailable");
    assertThat(first.body()).doesNotContain("Exception", "SQL");
    assertThat(ordersNumbered(orderNo)).isEqualTo(1);

    Answer retry = http.post(http.serverBase() + "/api/orders", order, Map.of());

    assertThat(retry.status()).as(retry.body()).isEqualTo(200);
    assertThat(retry.text("orderNo")).isEqualTo(orderNo);
    assertThat(retry.text("status")).isEqualTo("CREATED");
    assertThat(ordersNumbered(orderNo)).isEqualTo(1);
  }

  private long ordersNumbered(String orderNo) {
    return jdbc.sql("SELECT COUNT(*) FROM orders WHERE order_no = :orderNo")
        .param("orderNo", orderNo)
        .query(Long.class)
        .single();
  }
}
