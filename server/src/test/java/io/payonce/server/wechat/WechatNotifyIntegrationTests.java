package io.payonce.server.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.sandbox.wechat.WechatPlatformKey;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /pay/wechat/notify} against an adversary: hand-made notifications, each genuine but
 * for one thing — signature, timestamp, merchant, app, amount — change nothing but an alarm; the
 * genuine one, however often and however early it comes, makes one transition. On each database
 * through the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class WechatNotifyIntegrationTests {

  private static final Duration SETTLES = Duration.ofSeconds(30);
  private static final String FAIL = "{\"code\":\"FAIL\",\"message\":\"失败\"}";

  @LocalServerPort int port;
  @Autowired WechatPlatformKey platformKey;
  @Autowired WechatClientProvider provider;

  PayOnceHttp http;
  WechatNotifies notifies;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
    notifies = new WechatNotifies(http, platformKey, provider.clients().keys().apiV3Key());
  }

  @AfterEach
  void tearDown() {
    http.calm();
  }

  @Test
  void aGenuineNotifyIsTakenWithA204AndPaysTheOrder() {
    Issued issued = issue("15.00");

    Answer answer = notifies.of(paid(issued, 1500)).post();

    assertThat(answer.status()).isEqualTo(204);
    assertThat(http.orderStatus(issued.orderNo())).isEqualTo("PAID");
    assertThat(http.payment(issued.outTradeNo()).text("status")).isEqualTo("SUCCESS");
  }

  @Test
  void aForgedSignatureChangesNothing() {
    Issued issued = issue("15.00");

    Answer answer = notifies.of(paid(issued, 1500), Instant.now(), true).post();

    assertRefusedAndUnchanged(answer, issued, "BAD_SIGNATURE");
  }

  @Test
  void aBodyTamperedAfterSigningChangesNothing() {
    Issued issued = issue("15.00");
    WechatNotifies.Delivery genuine = notifies.of(paid(issued, 1500));

    Answer answer =
        http.postRaw(
            "/pay/wechat/notify",
            genuine.headers,
            genuine.body.replace("TRANSACTION.SUCCESS", "TRANSACTION.SUCCESS "));

    assertRefusedAndUnchanged(answer, issued, "BAD_SIGNATURE");
  }

  @Test
  void aGenuineButOldNotifyIsRefusedAsAReplay() {
    Issued issued = issue("15.00");

    Answer answer =
        notifies.of(paid(issued, 1500), Instant.now().minus(Duration.ofMinutes(6)), false).post();

    assertRefusedAndUnchanged(answer, issued, "BAD_SIGNATURE");
  }

  @Test
  void aNotifyForAnotherMerchantChangesNothing() {
    Issued issued = issue("15.00");
    Map<String, Object> other =
        WechatNotifies.paid(
            "1900000099",
            provider.appid(),
            issued.outTradeNo(),
            WechatNotifies.transactionId(),
            1500);

    Answer answer = notifies.of(other).post();

    assertRefusedAndUnchanged(answer, issued, "APP_ID_MISMATCH");
  }

  @Test
  void aNotifyForAnotherAppChangesNothing() {
    Issued issued = issue("15.00");
    Map<String, Object> other =
        WechatNotifies.paid(
            provider.mchid(),
            "wx0000000000000000",
            issued.outTradeNo(),
            WechatNotifies.transactionId(),
            1500);

    Answer answer = notifies.of(other).post();

    assertRefusedAndUnchanged(answer, issued, "APP_ID_MISMATCH");
  }

  @Test
  void aNotifyWithAnotherAmountChangesNothing() {
    Issued issued = issue("15.00");

    Answer answer = notifies.of(paid(issued, 1)).post();

    assertRefusedAndUnchanged(answer, issued, "AMOUNT_MISMATCH");
  }

  @Test
  void aNotifyWithoutItsHeadersOrWithGarbageIsAnsweredFail() {
    Issued issued = issue("15.00");

    Answer bare = http.postRaw("/pay/wechat/notify", Map.of(), "{}");
    Answer garbage =
        http.postRaw(
            "/pay/wechat/notify", Map.of("Content-Type", "application/json"), "not json at all");

    assertThat(bare.status()).isEqualTo(400);
    assertThat(bare.body()).isEqualTo(FAIL);
    assertThat(garbage.status()).isEqualTo(400);
    assertThat(garbage.body()).isEqualTo(FAIL);
    assertThat(http.payment(issued.outTradeNo()).text("status")).isEqualTo("PRECREATED");
  }

  @Test
  void tenConcurrentCopiesOfANotifyMakeOneTransition() throws Exception {
    Issued issued = issue("15.00");
    WechatNotifies.Delivery delivery = notifies.of(paid(issued, 1500));

    List<Answer> answers = Concurrently.run(10, i -> delivery.post());

    assertThat(answers).extracting(Answer::status).containsOnly(204);
    assertThat(transitionsTo(http.payment(issued.outTradeNo()).json(), "SUCCESS")).isEqualTo(1);
    assertThat(http.orderStatus(issued.orderNo())).isEqualTo("PAID");
  }

  @Test
  void aNotifyArrivingBeforeThePrepayAnswerPaysTheOrderAndThePrepayAnswersPaid() {
    String orderNo = http.createOrder("6.60");
    // WeChat creates the trade and then takes its time to answer: the buyer pays meanwhile.
    http.chaos(Map.of("gatewayLatencyMs", 1500));
    CompletableFuture<Answer> prepay =
        CompletableFuture.supplyAsync(() -> http.wechatPrecreate(orderNo));
    String outTradeNo =
        await()
            .atMost(SETTLES)
            .until(() -> outTradeNoOf(orderNo), n -> n != null && !http.wechatOrders(n).isEmpty());
    String codeUrl = http.wechatOrders(outTradeNo).get(0).path("codeUrl").asString();
    http.calm();

    assertThat(http.walletPay(codeUrl).status()).isEqualTo(200);
    Answer answered = prepay.join();

    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(answered.status()).isIn(200, 409);
    if (answered.status() == 409) {
      assertThat(answered.text("type")).endsWith("/order-paid");
    }
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(transitionsTo(payment, "SUCCESS")).isEqualTo(1);
    assertThat(http.payments(orderNo)).hasSize(1);
  }

  private String outTradeNoOf(String orderNo) {
    List<JsonNode> payments = http.payments(orderNo);
    return payments.isEmpty() ? null : payments.get(0).path("outTradeNo").asString();
  }

  private void assertRefusedAndUnchanged(Answer answer, Issued issued, String alarm) {
    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.body()).isEqualTo(FAIL);
    assertThat(answer.header("Content-Type")).startsWith("application/json");
    JsonNode payment = http.payment(issued.outTradeNo()).json();
    assertThat(payment.path("status").asString()).isEqualTo("PRECREATED");
    assertThat(http.orderStatus(issued.orderNo())).isEqualTo("PAYING");
    await()
        .atMost(SETTLES)
        .untilAsserted(
            () ->
                assertThat(
                        http.get(http.serverBase() + "/ops/alarms", opsCredential())
                            .json()
                            .valueStream()
                            .filter(a -> alarm.equals(a.path("type").asString()))
                            .filter(a -> matches(a, issued.outTradeNo(), alarm)))
                    .isNotEmpty());
  }

  private static boolean matches(JsonNode alarm, String outTradeNo, String type) {
    // Refusals before the trade is read (signature, timestamp) cannot name the payment.
    return type.equals("BAD_SIGNATURE") || outTradeNo.equals(alarm.path("outTradeNo").asString());
  }

  private static Map<String, String> opsCredential() {
    return Map.of(
        "Accept",
        "application/json",
        "Authorization",
        "Basic "
            + java.util.Base64.getEncoder()
                .encodeToString("ops:payonce".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  private record Issued(String orderNo, String outTradeNo) {}

  private Issued issue(String amount) {
    String orderNo = http.createOrder(amount);
    Answer qr = http.wechatPrecreate(orderNo);
    assertThat(qr.status()).isEqualTo(200);
    return new Issued(orderNo, qr.text("outTradeNo"));
  }

  private Map<String, Object> paid(Issued issued, long fen) {
    return WechatNotifies.paid(
        provider.mchid(),
        provider.appid(),
        issued.outTradeNo(),
        WechatNotifies.transactionId(),
        fen);
  }

  private static long transitionsTo(JsonNode payment, String status) {
    return payment
        .path("journal")
        .valueStream()
        .filter(j -> status.equals(j.path("toStatus").asString()))
        .count();
  }
}
