package io.payonce.server.alarm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.audit.AuditTrail;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;

/**
 * Whoever reaches a callback URL can send forged notifies, each naming a number of its choosing:
 * beyond the budget they are refused with the channel's failure reply and counted, but write no
 * alarm and no receipt, so a flood neither fills the tables nor buries the alarms that matter.
 */
@PayOnceIntegrationTest
@TestPropertySource(properties = "payonce.alarms.refused-callbacks-per-minute=5")
class RefusedCallbackFloodIntegrationTests {

  private static final int FLOOD = 40;

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired MeterRegistry meters;
  @Autowired AuditTrail audit;

  private PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void aFloodOfForgedNotifiesRecordsOnlyTheBudgetAndCountsTheRest() {
    double suppressedBefore = suppressed();
    String prefix = "F" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    List<String> replies = new ArrayList<>();

    for (int i = 0; i < FLOOD; i++) {
      replies.add(http.postForm("/pay/alipay/notify", forged(prefix + i)).body());
    }

    assertThat(replies).hasSize(FLOOD).containsOnly("fail");
    assertThat(rows("alarm", prefix)).isEqualTo(5);
    // Receipts are written off the request's path, in batches.
    await().atMost(Duration.ofSeconds(20)).until(() -> rows("notify_receipt", prefix) >= 5);
    audit.flush();
    assertThat(rows("notify_receipt", prefix)).isEqualTo(5);
    assertThat(suppressed() - suppressedBefore).isEqualTo(FLOOD - 5);
  }

  @Test
  void anotherChannelsRefusedCallbacksHaveABudgetOfTheirOwn() {
    String prefix = "G" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    for (int i = 0; i < 10; i++) {
      http.postForm("/pay/alipay/notify", forged(prefix + i));
    }

    long wechatAlarmsBefore = wechatAlarms();

    PayOnceHttp.Answer wechat =
        http.postRaw(
            "/api/pay/callback/wechat",
            Map.of("Content-Type", "application/xml"),
            "<xml><return_code>SUCCESS</return_code><out_trade_no>"
                + prefix
                + "w</out_trade_no><sign>forged</sign></xml>");

    assertThat(wechat.body()).contains("FAIL");
    assertThat(wechatAlarms()).isEqualTo(wechatAlarmsBefore + 1);
  }

  private long wechatAlarms() {
    return jdbc.sql("SELECT COUNT(*) FROM alarm WHERE channel = 'WECHAT'")
        .query(Long.class)
        .single();
  }

  private static String forged(String outTradeNo) {
    return "out_trade_no="
        + outTradeNo
        + "&trade_status=TRADE_SUCCESS&total_amount=10.00&trade_no=1&sign=Zm9yZ2Vk&sign_type=RSA2";
  }

  private long rows(String table, String prefix) {
    return jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE out_trade_no LIKE :prefix")
        .param("prefix", prefix + "%")
        .query(Long.class)
        .single();
  }

  private double suppressed() {
    return meters.find("payonce.alarms.suppressed").counters().stream()
        .mapToDouble(c -> c.count())
        .sum();
  }
}
