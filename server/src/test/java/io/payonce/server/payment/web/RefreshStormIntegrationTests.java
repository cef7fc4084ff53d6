package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A buyer's "new QR code" clicked many times at once: one refresh replaces the code the buyer was
 * shown, the others answer the new code (or 409 while it is being issued) — none replaces the code
 * another refresh just handed out. The storm ends with exactly one live code, one that a 200 handed
 * out, and it pays. On each database through the {@code OnH2}, {@code OnMariaDb} and {@code
 * OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class RefreshStormIntegrationTests {

  private static final Duration SETTLES = Duration.ofSeconds(30);
  private static final Set<String> LIVE = Set.of("PRECREATED", "PAYING");
  private static final int STORM = 10;

  @LocalServerPort int port;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    http.calm();
  }

  @Test
  void aRefreshStormOnALiveWechatCodeEndsWithOneLiveCodeThatPays() throws Exception {
    String orderNo = http.createOrder("5.10");
    assertThat(http.wechatPrecreate(orderNo).status()).isEqualTo(200);

    stormThenPay(orderNo, i -> http.wechatRefresh(orderNo));
  }

  @Test
  void aRefreshStormOnAScannedAlipayCodeEndsWithOneLiveCodeThatPays() throws Exception {
    String orderNo = http.createOrder("5.20");
    Answer qr = http.precreate(orderNo);
    assertThat(qr.status()).isEqualTo(200);
    http.walletScan(qr.text("qrCode"));

    stormThenPay(orderNo, i -> http.refresh(orderNo));
  }

  @Test
  void refreshesAndASwitchAtOnceEndWithOneLiveCodeThatPays() throws Exception {
    String orderNo = http.createOrder("5.30");
    assertThat(http.wechatPrecreate(orderNo).status()).isEqualTo(200);

    stormThenPay(orderNo, i -> i % 3 == 0 ? http.precreate(orderNo) : http.wechatRefresh(orderNo));
  }

  private void stormThenPay(String orderNo, IntFunction<Answer> refresh) throws Exception {
    List<Answer> answers = Concurrently.run(STORM, refresh);

    assertThat(answers).extracting(Answer::status).isSubsetOf(200, 409);
    List<JsonNode> live =
        http.payments(orderNo).stream()
            .filter(p -> LIVE.contains(p.path("status").asString()))
            .toList();
    assertThat(live).as("live codes after the storm").hasSize(1);
    String outTradeNo = live.get(0).path("outTradeNo").asString();
    List<Answer> handedOut = answers.stream().filter(a -> a.status() == 200).toList();
    assertThat(handedOut).extracting(a -> a.text("outTradeNo")).contains(outTradeNo);
    Answer paid =
        http.walletPay(
            handedOut.stream()
                .filter(a -> a.text("outTradeNo").equals(outTradeNo))
                .findFirst()
                .orElseThrow()
                .text("qrCode"));
    assertThat(paid.status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }
}
