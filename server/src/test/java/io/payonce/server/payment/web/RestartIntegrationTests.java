package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.testing.LocalSandbox;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Instances die mid-flow and new ones take over: a standalone sandbox (its own application, its own
 * port, outliving the server) and server instances started and stopped one after the other on the
 * same database file and port. The promise must survive the restart: one payment, one trade.
 */
class RestartIntegrationTests {

  @TempDir Path data;

  private LocalSandbox sandbox;
  private ConfigurableApplicationContext server;
  private int sandboxPort;
  private int serverPort;
  private String merchantKey;

  @BeforeEach
  void startSandbox() throws Exception {
    sandbox = LocalSandbox.start(data.resolve("sandbox"));
    sandboxPort = sandbox.port();
    serverPort = LocalSandbox.freePort();
    KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
    rsa.initialize(2048);
    merchantKey =
        Base64.getEncoder().encodeToString(rsa.generateKeyPair().getPrivate().getEncoded());
  }

  @AfterEach
  void stopAll() {
    if (server != null) {
      server.close();
    }
    sandbox.close();
  }

  @Test
  void aCrashBetweenInitAndPrecreatedConvergesOnOnePaymentAndOneTrade() throws Exception {
    server = startServer();
    PayOnceHttp http = http();
    String orderNo = http.createOrder("15.00");
    http.chaos(Map.of("method", "alipay.trade.precreate", "gatewayLatencyMs", 2500));

    CompletableFuture<Answer> dying = CompletableFuture.supplyAsync(() -> safely(http, orderNo));
    await().atMost(Duration.ofSeconds(10)).until(() -> http.payments(orderNo).size() == 1);
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    server.close();
    dying.join();
    http.calm();
    server = startServer();
    Answer afterRestart = http.precreate(orderNo);

    assertThat(afterRestart.status()).isEqualTo(200);
    assertThat(afterRestart.text("outTradeNo")).isEqualTo(outTradeNo);
    assertThat(http.payments(orderNo)).hasSize(1);
    assertThat(http.trades(outTradeNo)).hasSize(1);
    assertThat(http.walletPay(afterRestart.text("qrCode")).status()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }

  @Test
  void aPaymentMadeWhileTheServerWasDownIsRecordedAfterTheRestart() throws Exception {
    server = startServer();
    PayOnceHttp http = http();
    String orderNo = http.createOrder("15.00");
    Answer qr = http.precreate(orderNo);
    server.close();
    server = null;

    // The buyer pays while no instance runs: every notify attempt fails.
    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(
            () ->
                http.notifies(qr.text("outTradeNo")).stream()
                    .anyMatch(n -> !"DELIVERED".equals(n.path("outcome").asString())));
    server = startServer();
    Answer query = http.query(orderNo);

    assertThat(query.text("orderStatus")).isEqualTo("PAID");
    assertThat(query.json().path("payment").path("status").asString()).isEqualTo("SUCCESS");
    assertThat(http.payments(orderNo)).hasSize(1);
  }

  /** An App hand-off survives its instance: asked again after a restart, the same order string. */
  @Test
  void anOrderStringIssuedBeforeARestartIsAnsweredAgainAfterItAndPaysOnce() throws Exception {
    server = startServer();
    PayOnceHttp http = http();
    String orderNo = http.createOrder("16.00");
    Answer before = http.handOff("alipay", "app", orderNo, Map.of());
    server.close();
    server = startServer();

    Answer after = http.handOff("alipay", "app", orderNo, Map.of());

    assertThat(after.status()).as(after.body()).isEqualTo(200);
    assertThat(after.text("outTradeNo")).isEqualTo(before.text("outTradeNo"));
    assertThat(orderString(after)).isEqualTo(orderString(before));
    assertThat(http.alipayAppPay(orderString(after)).text("resultStatus")).isEqualTo("9000");
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.payments(orderNo)).hasSize(1);
    assertThat(http.trades(after.text("outTradeNo"))).hasSize(1);
  }

  /** Two instances on one database asked for the order's hand-off at once: one payment. */
  @Test
  void twoInstancesAskedForTheHandoffAtOnceAnswerOneOrderString() throws Exception {
    server = startServer();
    int secondPort = LocalSandbox.freePort();
    try (ConfigurableApplicationContext second = startServer(secondPort)) {
      PayOnceHttp first = http();
      PayOnceHttp other =
          new PayOnceHttp("http://127.0.0.1:" + secondPort, "http://127.0.0.1:" + sandboxPort);
      String orderNo = first.createOrder("17.00");

      CompletableFuture<Answer> one =
          CompletableFuture.supplyAsync(() -> first.handOff("alipay", "app", orderNo, Map.of()));
      CompletableFuture<Answer> two =
          CompletableFuture.supplyAsync(() -> other.handOff("alipay", "app", orderNo, Map.of()));

      assertThat(one.join().status()).as(one.join().body()).isEqualTo(200);
      assertThat(two.join().status()).as(two.join().body()).isEqualTo(200);
      assertThat(two.join().text("outTradeNo")).isEqualTo(one.join().text("outTradeNo"));
      assertThat(orderString(two.join())).isEqualTo(orderString(one.join()));
      assertThat(first.payments(orderNo)).hasSize(1);
    }
  }

  private static String orderString(Answer handOff) {
    return handOff.json().path("handoff").path("encoded").asString();
  }

  private ConfigurableApplicationContext startServer() {
    return startServer(serverPort);
  }

  private ConfigurableApplicationContext startServer(int serverPort) {
    String sandboxBase = "http://127.0.0.1:" + sandboxPort;
    return new SpringApplicationBuilder(PayOnceApplication.class)
        .profiles("test")
        // Arguments, not default properties: they must win over application-test.yml.
        .run(
            "--server.port=" + serverPort,
            "--server.shutdown=immediate",
            // A file outlives every server instance of the test, as a database server would.
            "--spring.datasource.url=jdbc:h2:file:" + data.resolve("db"),
            "--spring.datasource.username=sa",
            "--spring.datasource.password=",
            "--payonce.sandbox.enabled=false",
            "--payonce.alipay.sandbox-url=" + sandboxBase,
            "--payonce.alipay.private-key=" + merchantKey,
            "--payonce.alipay.gateway-url=" + sandboxBase + "/sandbox/alipay/gateway.do",
            "--payonce.alipay.notify-url=http://127.0.0.1:" + serverPort + "/pay/alipay/notify",
            "--payonce.payment.call-lease=4s");
  }

  private PayOnceHttp http() {
    return new PayOnceHttp("http://127.0.0.1:" + serverPort, "http://127.0.0.1:" + sandboxPort);
  }

  private static Answer safely(PayOnceHttp http, String orderNo) {
    try {
      return http.precreate(orderNo);
    } catch (RuntimeException connectionLostWhenTheServerDied) {
      return null;
    }
  }
}
