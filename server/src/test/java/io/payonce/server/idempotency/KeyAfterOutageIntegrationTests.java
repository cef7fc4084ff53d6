package io.payonce.server.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TcpProxy;
import io.payonce.server.testing.TcpProxy.LostCommit;
import io.payonce.server.testing.TestNumbers;
import io.payonce.server.testing.ThroughDatabaseProxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;

/**
 * The database goes away in the middle of a request with an Idempotency-Key, after the request
 * committed part of its work: the request answers 503, and the release of its key cannot reach the
 * database either. Once the database is back, a retry under the key is served at once — not told
 * for the rest of the key's 60 s lease that the key is in use — and goes on from what the first
 * attempt committed. On MariaDB and PostgreSQL through the {@code OnMariaDb} and {@code OnPostgres}
 * subclasses (H2 in memory has no connection to break).
 */
@PayOnceIntegrationTest
@ThroughDatabaseProxy
// A pool that gives up on a database that is away within a second, not Hikari's 30.
@TestPropertySource(properties = "spring.datasource.hikari.connection-timeout=1000")
abstract class KeyAfterOutageIntegrationTests {

  /** A payment's status change: here the channel's code recorded (PRECREATED). */
  private static final String MOVES_THE_PAYMENT = "UPDATE payment\nSET previous_status";

  @LocalServerPort int port;
  @Autowired TcpProxy databaseProxy;
  @Autowired JdbcClient jdbc;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    databaseProxy.disarm();
    databaseProxy.restore();
    http.calm();
  }

  @Test
  void aRetryAfterTheDatabaseCameBackIsServedAtOnceAndFindsWhatTheFirstAttemptCommitted() {
    String orderNo = http.createOrder("3.10", TestNumbers.orderNo("key-outage"));
    Map<String, Object> body = Map.of("orderNo", orderNo);
    Map<String, String> key = Map.of("Idempotency-Key", "outage-" + orderNo);

    Answer first = failsAsTheDatabaseGoesAway(body, key);

    assertTryAgainLater(first);
    databaseProxy.restore();
    awaitTheServerReadsAgain(orderNo);
    // The COMMIT lost was the request's own: its payment holds the channel's code.
    assertThat(statusesOf(orderNo)).containsExactly("PRECREATED");
    Answer retry = http.precreate(body, key);

    assertThat(retry.status()).as(retry.body()).isEqualTo(200);
    // What the first attempt committed, the channel's code, is what the retry answers.
    List<String> payments = paymentsOf(orderNo);
    assertThat(payments).hasSize(1);
    assertThat(retry.text("outTradeNo")).isEqualTo(payments.get(0));
    assertThat(http.calls(payments.get(0), "alipay.trade.precreate")).hasSize(1);
    Answer replayed = http.precreate(body, key);
    assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replayed.body()).isEqualTo(retry.body());
  }

  @Test
  void aKeyWhoseReleaseFailedIsReleasedOnceTheDatabaseAnswersWithoutARequest() {
    String orderNo = http.createOrder("3.20", TestNumbers.orderNo("key-outage"));
    Map<String, Object> body = Map.of("orderNo", orderNo);
    String idempotencyKey = "outage-owed-" + orderNo;

    assertTryAgainLater(
        failsAsTheDatabaseGoesAway(body, Map.of("Idempotency-Key", idempotencyKey)));
    databaseProxy.restore();
    awaitTheServerReadsAgain(orderNo);

    // A retry sent to another instance finds the key free too: this one releases what it owes
    // as soon as the database answers, well within the lease.
    await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(50))
        .ignoreExceptions()
        .until(() -> keysNamed(idempotencyKey) == 0);
  }

  /**
   * The database is back as the server sees it: a read is answered again. (Connections the pool
   * handed out just before the cut are not checked again for half a second; a client waiting its
   * Retry-After never meets them, a test that does not wait may.)
   */
  private void awaitTheServerReadsAgain(String orderNo) {
    await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> http.get(http.serverBase() + "/api/orders/" + orderNo).status() == 200);
  }

  /** The request commits the channel's code, then the database is gone before it hears so. */
  private Answer failsAsTheDatabaseGoesAway(Map<String, Object> body, Map<String, String> key) {
    LostCommit lost = databaseProxy.loseCommit(TcpProxy.ran(MOVES_THE_PAYMENT)).thenCut();
    Answer first = http.precreate(body, key);
    assertThat(lost.hasFired()).isTrue();
    assertThat(databaseProxy.isCut()).isTrue();
    return first;
  }

  private static void assertTryAgainLater(Answer answer) {
    assertThat(answer.status()).as(answer.body()).isEqualTo(503);
    assertThat(answer.header("Retry-After")).isNotBlank();
  }

  private List<String> paymentsOf(String orderNo) {
    return paymentColumn("out_trade_no", orderNo);
  }

  private List<String> statusesOf(String orderNo) {
    return paymentColumn("status", orderNo);
  }

  private List<String> paymentColumn(String column, String orderNo) {
    return jdbc.sql(
            """
            SELECT p.%s
            FROM payment p
            JOIN orders o ON o.id = p.order_id
            WHERE o.order_no = :orderNo
            """
                .formatted(column))
        .param("orderNo", orderNo)
        .query(String.class)
        .list();
  }

  private int keysNamed(String idempotencyKey) {
    return jdbc.sql("SELECT COUNT(*) FROM idempotency_record WHERE idem_key = :key")
        .param("key", idempotencyKey)
        .query(Integer.class)
        .single();
  }
}
