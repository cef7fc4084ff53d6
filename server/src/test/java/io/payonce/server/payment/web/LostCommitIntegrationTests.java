package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.payment.PaymentProperties;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TcpProxy;
import io.payonce.server.testing.TcpProxy.LostCommit;
import io.payonce.server.testing.TestNumbers;
import io.payonce.server.testing.ThroughDatabaseProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * A COMMIT whose answer never came back — the database committed, and the connection broke before
 * the server heard so, as when the database's machine is lost mid-commit: the request that made it
 * answers 503 with Retry-After (the outcome is unknown, so asking again is the way to learn it),
 * and the request asked again finds what was committed and goes on from there, under the same
 * payment and number: never a second trade at the channel, never a second charge. The datasource
 * reaches the database through the test's proxy, which forwards the chosen transaction's COMMIT and
 * resets the connection instead of passing the answer on. On MariaDB and PostgreSQL through the
 * {@code OnMariaDb} and {@code OnPostgres} subclasses (H2 in memory has no connection to lose).
 */
@PayOnceIntegrationTest
@ThroughDatabaseProxy
abstract class LostCommitIntegrationTests {

  /** The transaction that opens a payment: its INIT row, before any channel call. */
  private static final String OPENS_THE_PAYMENT = "INSERT INTO payment (";

  /** A payment's status change, e.g. the channel's answer recorded. */
  private static final String MOVES_THE_PAYMENT = "UPDATE payment\nSET previous_status";

  private static final String PAYS_AT_ONCE = "280000000000000001";

  @LocalServerPort int port;
  @Autowired MutableClock clock;
  @Autowired TcpProxy databaseProxy;
  @Autowired JdbcClient jdbc;
  @Autowired PaymentProperties payment;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    databaseProxy.disarm();
    http.calm();
    clock.reset();
  }

  @Test
  void aPrecreateWhoseIntentCommitWasLostIsRetriedUnderTheSameKeyIntoOneTrade() {
    String title = title();
    String orderNo = http.createOrder("2.10", title);
    Map<String, Object> body = Map.of("orderNo", orderNo);
    Map<String, String> key = Map.of("Idempotency-Key", "lost-intent-" + orderNo);
    LostCommit lost = databaseProxy.loseCommit(TcpProxy.ran(OPENS_THE_PAYMENT));

    Answer first = http.precreate(body, key);

    assertThat(lost.hasFired()).isTrue();
    assertTryAgainLater(first);
    // Committed all the same: the payment is there, and no channel was asked for it.
    List<Row> committed = paymentsOf(orderNo);
    assertThat(committed).singleElement().extracting(Row::status).isEqualTo("INIT");
    String outTradeNo = committed.get(0).outTradeNo();
    assertThat(http.calls(outTradeNo, "alipay.trade.precreate")).isEmpty();

    // The request that held the payment's call lease is gone; once the lease ran out, the retry
    // takes the call over under the payment's own number.
    clock.advance(payment.callLease().plusSeconds(1));
    Answer retry = http.precreate(body, key);

    assertThat(retry.status()).as(retry.body()).isEqualTo(200);
    assertThat(retry.text("outTradeNo")).isEqualTo(outTradeNo);
    assertThat(retry.text("qrCode")).isNotBlank();
    assertThat(paymentsOf(orderNo)).extracting(Row::outTradeNo).containsExactly(outTradeNo);
    assertThat(sandboxTradesTitled(title))
        .singleElement()
        .satisfies(trade -> assertThat(trade.path("outTradeNo").asString()).isEqualTo(outTradeNo));
    // And the same key again is that answer, byte for byte.
    Answer replayed = http.precreate(body, key);
    assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replayed.body()).isEqualTo(retry.body());
  }

  @Test
  void aPrecreateWhoseIssuedCodeCommitWasLostAnswersThatCodeAgainAndIsPaidOnce() {
    String title = title();
    String orderNo = http.createOrder("2.20", title);
    Map<String, Object> body = Map.of("orderNo", orderNo);
    Map<String, String> key = Map.of("Idempotency-Key", "lost-issue-" + orderNo);
    LostCommit lost = databaseProxy.loseCommit(TcpProxy.ran(MOVES_THE_PAYMENT));

    Answer first = http.precreate(body, key);

    assertThat(lost.hasFired()).isTrue();
    assertTryAgainLater(first);
    assertThat(paymentsOf(orderNo)).singleElement().extracting(Row::status).isEqualTo("PRECREATED");

    Answer retry = http.precreate(body, key);

    assertThat(retry.status()).as(retry.body()).isEqualTo(200);
    String outTradeNo = retry.text("outTradeNo");
    assertThat(http.calls(outTradeNo, "alipay.trade.precreate")).hasSize(1);
    assertThat(http.walletPay(retry.text("qrCode")).status()).isEqualTo(200);
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(paymentsOf(orderNo)).singleElement().extracting(Row::status).isEqualTo("SUCCESS");
    assertThat(sandboxTradesTitled(title))
        .singleElement()
        .satisfies(trade -> assertThat(trade.path("status").asString()).isEqualTo("TRADE_SUCCESS"));
  }

  @Test
  void aNotifyWhoseCommitWasLostIsAnsweredFailAndItsRedeliveryFindsItRecorded() {
    String title = title();
    String orderNo = http.createOrder("2.25", title);
    Answer precreated = http.precreate(orderNo);
    assertThat(precreated.status()).as(precreated.body()).isEqualTo(200);
    String outTradeNo = precreated.text("outTradeNo");
    LostCommit lost = databaseProxy.loseCommit(TcpProxy.ran("INSERT INTO notify_dedup"));

    assertThat(http.walletPay(precreated.text("qrCode")).status()).isEqualTo(200);

    // Alipay is told to deliver again, in its own words; the delivery again is answered success,
    // the payment recorded by the first, once.
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () ->
                http.notifies(outTradeNo).stream()
                    .anyMatch(LostCommitIntegrationTests::answeredSuccess));
    assertThat(lost.hasFired()).isTrue();
    List<JsonNode> deliveries = http.notifies(outTradeNo);
    assertThat(deliveries.get(0).path("reply").asString()).isEqualTo("fail");
    // Told as a transient failure, and receipted as one (receipts are written in batches).
    await()
        .atMost(Duration.ofSeconds(10))
        .pollInterval(Duration.ofMillis(50))
        .untilAsserted(
            () ->
                assertThat(receiptOutcomes(outTradeNo))
                    .containsExactlyInAnyOrder("ERROR", "DUPLICATE"));
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(paymentsOf(orderNo)).singleElement().extracting(Row::status).isEqualTo("SUCCESS");
    assertThat(sandboxTradesTitled(title))
        .singleElement()
        .satisfies(trade -> assertThat(trade.path("status").asString()).isEqualTo("TRADE_SUCCESS"));
  }

  @Test
  void aBarcodePaymentWhoseIntentCommitWasLostIsEndedByTheSameRequestUnderItsOneNumber() {
    String title = title();
    String orderNo = http.createOrder("2.30", title);
    Map<String, Object> body =
        Map.of("orderNo", orderNo, "authCode", PAYS_AT_ONCE, "requestId", "lost-bc-" + orderNo);
    LostCommit lost = databaseProxy.loseCommit(TcpProxy.ran(OPENS_THE_PAYMENT));

    Answer first = http.barcode(body, Map.of());

    assertThat(lost.hasFired()).isTrue();
    assertTryAgainLater(first);
    List<Row> committed = paymentsOf(orderNo);
    assertThat(committed).singleElement().extracting(Row::status).isEqualTo("INIT");
    String outTradeNo = committed.get(0).outTradeNo();

    // The same request again cannot know whether its first attempt reached the channel before it
    // died: as after any unknown outcome, it asks under the payment's one number, then reverses
    // it — never a pay under a second number. Nothing was taken, and the till is told so.
    Answer retry = http.barcode(body, Map.of());

    assertThat(retry.status()).as(retry.body()).isEqualTo(200);
    assertThat(retry.text("outTradeNo")).isEqualTo(outTradeNo);
    assertThat(retry.text("outcome")).isEqualTo("NOT_PAID");
    assertThat(http.calls(outTradeNo, "alipay.trade.pay")).isEmpty();
    assertThat(paymentsOf(orderNo)).singleElement().extracting(Row::status).isEqualTo("CLOSED");

    // The till scans the buyer again, a new request: the order is paid once.
    Answer rescan =
        http.barcode(
            Map.of("orderNo", orderNo, "authCode", PAYS_AT_ONCE, "requestId", "rescan-" + orderNo),
            Map.of());

    assertThat(rescan.status()).as(rescan.body()).isEqualTo(200);
    assertThat(rescan.text("outTradeNo")).isNotEqualTo(outTradeNo);
    assertChargedOnce(title, orderNo, rescan);
  }

  @Test
  void aBarcodePaymentWhoseRecordedSuccessCommitWasLostPaysTheOrderOnce() {
    String title = title();
    String orderNo = http.createOrder("2.40", title);
    Map<String, Object> body =
        Map.of("orderNo", orderNo, "authCode", PAYS_AT_ONCE, "requestId", "lost-paid-" + orderNo);
    // The pay's own answer is the one recorded: the buyer's notify comes long after.
    http.chaos(Map.of("notifyDelayMs", 60_000));
    LostCommit lost = databaseProxy.loseCommit(TcpProxy.ran(MOVES_THE_PAYMENT));

    Answer first = http.barcode(body, Map.of());

    assertThat(lost.hasFired()).isTrue();
    assertTryAgainLater(first);
    List<Row> committed = paymentsOf(orderNo);
    assertThat(committed).singleElement().extracting(Row::status).isEqualTo("SUCCESS");
    String outTradeNo = committed.get(0).outTradeNo();

    // The success was committed with the order paid: the same request again is answered that
    // it paid, and takes nothing more.
    Answer retry = http.barcode(body, Map.of());

    assertThat(retry.status()).as(retry.body()).isEqualTo(200);
    assertThat(paymentsOf(orderNo)).extracting(Row::outTradeNo).containsExactly(outTradeNo);
    assertChargedOnce(title, orderNo, retry);
    // Another till's request for the paid order is still told it is paid.
    Answer other =
        http.barcode(
            Map.of("orderNo", orderNo, "authCode", PAYS_AT_ONCE, "requestId", "other-" + orderNo),
            Map.of());
    assertThat(other.status()).isEqualTo(409);
    assertThat(other.text("type")).endsWith("/order-paid");
    // Paid, so never reversed: a cancel would have given the buyer's money back.
    assertThat(http.calls(outTradeNo, "alipay.trade.cancel")).isEmpty();
  }

  /** The order is paid, by one trade at the channel, recorded once: the till's, if it answered. */
  private void assertChargedOnce(String title, String orderNo, Answer till) {
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    List<Row> paid =
        paymentsOf(orderNo).stream().filter(row -> row.status().equals("SUCCESS")).toList();
    assertThat(paid).hasSize(1);
    if (till != null) {
      assertThat(till.text("outcome")).isEqualTo("PAID");
      assertThat(till.text("outTradeNo")).isEqualTo(paid.get(0).outTradeNo());
    }
    assertThat(sandboxTradesTitled(title))
        .filteredOn(trade -> !trade.path("paidAt").isNull())
        .singleElement()
        .satisfies(
            trade -> {
              assertThat(trade.path("outTradeNo").asString()).isEqualTo(paid.get(0).outTradeNo());
              assertThat(trade.path("status").asString()).isEqualTo("TRADE_SUCCESS");
              assertThat(trade.path("refundedAmount").asString()).isEqualTo("0.00");
            });
  }

  /** A transient failure: RFC 9457's 503 with Retry-After, and nothing of the server's insides. */
  static void assertTryAgainLater(Answer answer) {
    assertThat(answer.status()).as(answer.body()).isEqualTo(503);
    assertThat(answer.header("Retry-After")).isNotBlank();
    assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    assertThat(answer.text("type")).endsWith("/temporarily-unavailable");
    assertThat(answer.body()).doesNotContain("Exception", "SQL", "at io.");
  }

  /** The order's payments as the database holds them, oldest first. */
  private List<Row> paymentsOf(String orderNo) {
    return jdbc.sql(
            """
            SELECT p.out_trade_no, p.status
            FROM payment p
            JOIN orders o ON o.id = p.order_id
            WHERE o.order_no = :orderNo
            ORDER BY p.pay_id
            """)
        .param("orderNo", orderNo)
        .query((rows, n) -> new Row(rows.getString("out_trade_no"), rows.getString("status")))
        .list();
  }

  private record Row(String outTradeNo, String status) {}

  private static boolean answeredSuccess(JsonNode notifyDelivery) {
    return "success".equals(notifyDelivery.path("reply").asString());
  }

  private List<String> receiptOutcomes(String outTradeNo) {
    return jdbc.sql("SELECT outcome FROM notify_receipt WHERE out_trade_no = :outTradeNo")
        .param("outTradeNo", outTradeNo)
        .query(String.class)
        .list();
  }

  /**
   * Every trade the sandbox holds for the order, whatever its number: the order's title is its own,
   * and every trade carries it as its subject.
   */
  private List<JsonNode> sandboxTradesTitled(String title) {
    List<JsonNode> trades = new ArrayList<>();
    for (int page = 0; ; page++) {
      List<JsonNode> rows =
          http.get(http.sandboxBase() + "/sandbox/alipay/trades?size=1000&page=" + page)
              .json()
              .valueStream()
              .toList();
      rows.stream()
          .filter(row -> title.equals(row.path("subject").asString()))
          .forEach(trades::add);
      if (rows.size() < 1000) {
        return trades;
      }
    }
  }

  private static String title() {
    return TestNumbers.orderNo("lost-commit");
  }
}
