package io.payonce.server.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reconciliation of a day with WeChat Pay trades, through the same mechanism as Alipay's: the trade
 * bill downloaded from the sandbox by wechatpay-java (its SHA-1 checked), read by the WeChat
 * adapter into neutral rows, matched and repaired by the channel-neutral reconciliation. On each
 * database through the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
// A context (and so a sandbox ledger) of its own: a day's bill is the sandbox's whole day.
@org.springframework.test.context.TestPropertySource(
    properties = "payonce.test.context=reconcile-wechat")
abstract class WechatReconciliationIntegrationTests {

  private static final Duration DAY_END_WINDOW = Duration.ofSeconds(30);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @LocalServerPort int port;
  @Autowired Reconciliations reconciliations;
  @Autowired MutableClock clock;
  @Autowired ReconcileProperties properties;

  PayOnceHttp http;
  SandboxHttp sandbox;
  LocalDate today;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    sandbox = new SandboxHttp(port);
    http.calm();
    ZonedDateTime now = ZonedDateTime.now(clock.withZone(properties.zone()));
    Duration untilDayEnd =
        Duration.between(now, now.toLocalDate().plusDays(1).atStartOfDay(properties.zone()));
    if (untilDayEnd.compareTo(DAY_END_WINDOW) < 0) {
      clock.advance(untilDayEnd.plusSeconds(1));
      sandbox.moveSandboxClock(untilDayEnd.plusSeconds(1));
    }
    today = LocalDate.now(clock.withZone(properties.zone()));
  }

  @AfterEach
  void tearDown() {
    sandbox.resetSandboxClockAndChaos();
    clock.reset();
  }

  @Test
  void aDayOfWechatTradesIsMatchedAndAPaymentWhoseNotifiesWereLostIsRepaired() {
    String paidOrder = http.createOrder("10.00");
    Answer paid = http.wechatPrecreate(paidOrder);
    http.walletPay(paid.text("qrCode"));
    await().atMost(Duration.ofSeconds(30)).until(() -> "PAID".equals(http.orderStatus(paidOrder)));
    String refundNo = "RW" + paidOrder.replace("-", "_");
    http.refund(paidOrder, refundNo, "4.00");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "PARTIALLY_REFUNDED".equals(http.orderStatus(paidOrder)));

    String lostOrder = http.createOrder("7.00");
    Answer lost = http.wechatPrecreate(lostOrder);
    String lostNo = lost.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", lostNo, "notifyDrop", true));
    http.walletPay(lost.text("qrCode"));
    assertThat(http.payment(lostNo).text("status")).isEqualTo("PRECREATED");

    ReconciliationRun run = reconcileToday();

    assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
    List<Anomaly> anomalies = reconciliations.anomalies(run.id(), null, 0, 500);
    assertThat(anomalies).filteredOn(a -> paid.text("outTradeNo").equals(a.outTradeNo())).isEmpty();
    assertThat(anomalies)
        .filteredOn(a -> lostNo.equals(a.outTradeNo()))
        .singleElement()
        .satisfies(a -> assertThat(a.kind()).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS));
    assertThat(http.payment(lostNo).text("status")).isEqualTo("SUCCESS");
    assertThat(http.orderStatus(lostOrder)).isEqualTo("PAID");
    JsonNode repaired = http.payment(lostNo).json();
    assertThat(
            repaired
                .path("journal")
                .valueStream()
                .filter(j -> "SUCCESS".equals(j.path("toStatus").asString()))
                .map(j -> j.path("source").asString()))
        .containsExactly("RECONCILE");
  }

  /**
   * An online product's trade is in the bill like a code's (trade_type JSAPI): a JSAPI payment
   * whose notify was lost is repaired from its line, under its own number.
   */
  @Test
  void aJsapiTradeWhoseNotifyWasLostIsRepairedFromItsBillLine() {
    String orderNo = http.createOrder("6.60");
    Answer issued = http.handOff("wechat", "jsapi", orderNo, Map.of("channelUserId", "o-bill-1"));
    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));
    Answer paid = http.wechatBridgePay(issued.json().path("handoff").path("params"), "o-bill-1");
    assertThat(paid.status()).as(paid.body()).isEqualTo(200);
    assertThat(http.payment(outTradeNo).text("status")).isNotEqualTo("SUCCESS");

    ReconciliationRun run = reconcileToday();

    assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
    assertThat(reconciliations.anomalies(run.id(), null, 0, 500))
        .filteredOn(a -> outTradeNo.equals(a.outTradeNo()))
        .singleElement()
        .satisfies(a -> assertThat(a.kind()).isEqualTo(Outcome.CHANNEL_ONLY_SUCCESS));
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("SUCCESS");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aDayWithoutWechatTradesIsNoBillNotAFailure() {
    // A day long before any test traded: WeChat answers NO_STATEMENT_EXIST.
    LocalDate empty = today.minusDays(40);

    ReconciliationRun run = reconcile(empty);

    assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
    assertThat(reconciliations.anomalies(run.id(), null, 0, 500)).isEmpty();
  }

  private ReconciliationRun reconcileToday() {
    sandbox.sandboxTomorrow();
    return reconcile(today);
  }

  private ReconciliationRun reconcile(LocalDate day) {
    HttpResponse<String> started =
        sandbox.post(
            "/ops/reconciliations", "{\"channel\":\"WECHAT\",\"billDate\":\"" + day + "\"}");
    assertThat(started.statusCode()).as(started.body()).isEqualTo(202);
    long id = JSON.readTree(started.body()).path("id").asLong();
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> reconciliations.find(id).orElseThrow().status() != RunStatus.RUNNING);
    return reconciliations.find(id).orElseThrow();
  }
}
