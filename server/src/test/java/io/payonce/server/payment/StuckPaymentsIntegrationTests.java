package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.LateBarcodeBuyer;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.view.Dashboards;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Every in-flight state has an age alarm: a payment that has not moved for {@code stuck-after} (30
 * min) is alarmed PAYMENT_STUCK once, and the dashboard's oldest payment of unknown outcome counts
 * an INIT whose call lease ran out. On each database through the {@code OnH2}, {@code OnMariaDb}
 * and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class StuckPaymentsIntegrationTests {

  @LocalServerPort int port;
  @Autowired StuckPayments stuck;
  @Autowired Dashboards dashboards;
  @Autowired MutableClock clock;
  @Autowired JdbcClient jdbc;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    http.calm();
    clock.reset();
  }

  @Test
  void anInitWhoseCallStayedUnknownIsShownAsUnknownAndAlarmedOnceWhenItNeverMoves() {
    String orderNo = http.createOrder("8.10");
    http.chaos(
        Map.of(
            "method",
            "alipay.trade.precreate",
            "commitThenTimeout",
            true,
            "commitThenTimeoutStallMs",
            5_000));
    Answer unknown = http.precreate(orderNo);
    http.calm();
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();

    assertThat(unknown.status()).isEqualTo(503);
    assertThat(dashboards.today().oldestInFlight())
        .as("an INIT without a call running is of unknown outcome")
        .isNotNull();
    assertThat(stuckAlarms(outTradeNo)).isEmpty();

    clock.advance(Duration.ofMinutes(31));
    stuck.alarm();
    stuck.alarm();

    assertThat(stuckAlarms(outTradeNo)).singleElement().asString().startsWith("INIT since");
  }

  @Test
  void aScannedCodeNobodyClosedIsAlarmedOnceItOutlivesEveryCode() {
    String orderNo = http.createOrder("8.20");
    Answer qr = http.precreate(orderNo);
    http.walletScan(qr.text("qrCode"));
    http.query(orderNo);
    clock.advance(Duration.ofMinutes(20));
    stuck.alarm();
    assertThat(stuckAlarms(qr.text("outTradeNo"))).isEmpty();

    clock.advance(Duration.ofMinutes(11));
    stuck.alarm();

    assertThat(stuckAlarms(qr.text("outTradeNo"))).singleElement().asString().startsWith("PAYING");
  }

  @Test
  void aPaymentCodeReversalTheChannelNeverSettlesIsAlarmedOnceItsCodeExpired() {
    String orderNo = http.createOrder("8.30");
    // Every cancel's answer is lost: the reversal stays CANCELLING, the order blocked.
    http.chaos(
        Map.of(
            "method",
            "alipay.trade.cancel",
            "commitThenTimeout",
            true,
            "commitThenTimeoutStallMs",
            3_500));
    Answer till =
        http.barcode(
            Map.of("orderNo", orderNo, "authCode", LateBarcodeBuyer.NEVER_CONFIRMS), Map.of());
    http.calm();
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    clock.advance(Duration.ofMinutes(2));
    stuck.alarm();
    assertThat(stuckAlarms(outTradeNo)).isEmpty();

    // Its code lived 5 minutes (barcode-ttl), and the margin for clocks is a minute.
    clock.advance(Duration.ofMinutes(5));
    stuck.alarm();

    assertThat(till.text("type")).endsWith("/payment-being-reversed");
    assertThat(stuckAlarms(outTradeNo)).singleElement().asString().startsWith("CANCELLING");
  }

  private List<String> stuckAlarms(String outTradeNo) {
    return jdbc.sql(
            "SELECT detail FROM alarm WHERE alarm_type = 'PAYMENT_STUCK' AND out_trade_no = :no")
        .param("no", outTradeNo)
        .query(String.class)
        .list();
  }
}
