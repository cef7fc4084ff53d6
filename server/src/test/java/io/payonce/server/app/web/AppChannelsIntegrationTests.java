package io.payonce.server.app.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.payonce.sandbox.alipay.AlipayPlatformKey;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.channel.Channel;
import io.payonce.server.reconcile.Reconciliations;
import io.payonce.server.testing.AlipayNotifyForms;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestNumbers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Each app pays, is notified and refunds through its own channel account (its Alipay app, its
 * WeChat Pay merchant), stored encrypted and managed through the operator's admin API; a payment
 * keeps the account it was made under, and a notify from another app's account is refused. Run on
 * H2 and PostgreSQL through the {@code OnH2} and {@code OnPostgres} subclasses (the same SQL as on
 * MariaDB, where the money path's own flows run; CI's time budget).
 */
@PayOnceIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
abstract class AppChannelsIntegrationTests {

  private static final Duration SETTLES = Duration.ofSeconds(30);
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final AtomicLong NEXT = new AtomicLong();
  private static final String OPERATOR =
      "Basic " + Base64.getEncoder().encodeToString("ops:payonce".getBytes(StandardCharsets.UTF_8));

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired AlipayPlatformKey alipayPlatformKey;
  @Autowired Reconciliations reconciliations;

  PayOnceHttp http;
  final HttpClient client = HttpClient.newHttpClient();

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @Test
  void twoAppsPayThroughTheirOwnAlipayAccounts() {
    AppClient a = newApp("shop A");
    AppClient b = newApp("shop B");
    String alipayA = alipayAppId();
    String alipayB = alipayAppId();
    String configA = putChannel(a, "alipay", Map.of("appId", alipayA, "privateKey", privateKey()));
    String configB = putChannel(b, "alipay", Map.of("appId", alipayB));

    for (var each : Map.of(a, alipayA, b, alipayB).entrySet()) {
      AppClient app = each.getKey();
      String orderNo = app.createOrder("3.21");
      Answer qr = app.precreate("alipay", orderNo);
      assertThat(qr.status()).isEqualTo(200);
      String outTradeNo = qr.text("outTradeNo");

      assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
      await().atMost(SETTLES).until(() -> "PAID".equals(app.orderStatus(orderNo)));
      assertThat(http.calls(outTradeNo, "alipay.trade.precreate"))
          .singleElement()
          .satisfies(call -> assertThat(call.path("appId").asString()).isEqualTo(each.getValue()));
      assertThat(paymentConfig(outTradeNo)).isEqualTo(app == a ? configA : configB);
    }
  }

  @Test
  void aNotifyFromAnotherAppsAlipayAccountAboutAnOrderIsRefusedAndChangesNothing() {
    AppClient a = newApp("shop A");
    AppClient b = newApp("shop B");
    String alipayA = alipayAppId();
    String alipayB = alipayAppId();
    putChannel(a, "alipay", Map.of("appId", alipayA));
    putChannel(b, "alipay", Map.of("appId", alipayB));
    String orderNo = a.createOrder("4.56");
    String outTradeNo = a.precreate("alipay", orderNo).text("outTradeNo");

    Answer fromB = http.postForm("/pay/alipay/notify", signedNotify(alipayB, outTradeNo, "4.56"));

    assertThat(fromB.body()).isEqualTo("fail");
    assertThat(
            jdbc.sql("SELECT alarm_type FROM alarm WHERE out_trade_no = :outTradeNo")
                .param("outTradeNo", outTradeNo)
                .query(String.class)
                .list())
        .contains("APP_ID_MISMATCH");
    assertThat(a.orderStatus(orderNo)).isEqualTo("PAYING");
    assertThat(paymentStatus(outTradeNo)).isNotEqualTo("SUCCESS");
    // The same notify from the payment's own account is taken: only the routing refused it.
    Answer fromA = http.postForm("/pay/alipay/notify", signedNotify(alipayA, outTradeNo, "4.56"));
    assertThat(fromA.body()).isEqualTo("success");
    assertThat(a.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aRefundAfterTheAppsAccountWasReplacedGoesToTheAccountThatTookTheMoney() {
    AppClient a = newApp("shop A");
    String first = alipayAppId();
    String second = alipayAppId();
    String firstConfig = putChannel(a, "alipay", Map.of("appId", first));
    String orderNo = a.createOrder("6.00");
    Answer qr = a.precreate("alipay", orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(a.orderStatus(orderNo)));

    String secondConfig = putChannel(a, "alipay", Map.of("appId", second));
    Answer refund = a.refund(orderNo, "r_" + NEXT.incrementAndGet(), "2.00");

    assertThat(secondConfig).isNotEqualTo(firstConfig);
    assertThat(refund.status()).as(refund.body()).isLessThan(300);
    await().atMost(SETTLES).until(() -> "SUCCESS".equals(refundStatus(outTradeNo)));
    assertThat(http.calls(outTradeNo, "alipay.trade.refund"))
        .isNotEmpty()
        .allSatisfy(call -> assertThat(call.path("appId").asString()).isEqualTo(first));
    String later = a.createOrder("1.00");
    String laterTrade = a.precreate("alipay", later).text("outTradeNo");
    assertThat(http.calls(laterTrade, "alipay.trade.precreate"))
        .singleElement()
        .satisfies(call -> assertThat(call.path("appId").asString()).isEqualTo(second));
    assertThat(paymentConfig(laterTrade)).isEqualTo(secondConfig);
    JsonNode channels = ops("GET", "/ops/api/apps/" + a.appId(), null).json().path("channels");
    assertThat(channels.valueStream().map(c -> c.path("current").asBoolean()))
        .containsExactlyInAnyOrder(true, false);
  }

  @Test
  void twoAppsPayAndRefundThroughTheirOwnWechatMerchants() {
    AppClient a = newApp("shop A");
    AppClient b = newApp("shop B");
    String mchA = mchid();
    String mchB = mchid();
    String configA = putChannel(a, "wechat", Map.of("mchid", mchA, "appid", "wxa" + mchA));
    String configB = putChannel(b, "wechat", Map.of("mchid", mchB, "appid", "wxb" + mchB));

    for (var each : Map.of(a, mchA, b, mchB).entrySet()) {
      AppClient app = each.getKey();
      String config = app == a ? configA : configB;
      String orderNo = app.createOrder("2.50");
      Answer qr = app.precreate("wechat", orderNo);
      assertThat(qr.status()).isEqualTo(200);
      String outTradeNo = qr.text("outTradeNo");
      assertThat(http.wechatCalls(outTradeNo, "wechat.native.prepay"))
          .singleElement()
          .satisfies(
              call -> {
                assertThat(call.path("mchid").asString()).isEqualTo(each.getValue());
                assertThat(call.path("request").asString())
                    .contains("/pay/wechat/notify/" + config);
              });

      http.walletPay(qr.text("qrCode"));
      await().atMost(SETTLES).until(() -> "PAID".equals(app.orderStatus(orderNo)));
      await().atMost(SETTLES).until(() -> receiptReplies(outTradeNo).contains("204"));
      Answer refund = app.refund(orderNo, "r_" + NEXT.incrementAndGet(), "1.00");
      assertThat(refund.status()).as(refund.body()).isLessThan(300);
      await().atMost(SETTLES).until(() -> "SUCCESS".equals(refundStatus(outTradeNo)));
      assertThat(http.wechatCalls(outTradeNo, "wechat.refund"))
          .isNotEmpty()
          .allSatisfy(call -> assertThat(call.path("mchid").asString()).isEqualTo(each.getValue()));
      assertThat(paymentConfig(outTradeNo)).isEqualTo(config);
    }
  }

  @Test
  void aMiniProgramIsPaidUnderTheAppsOwnMiniProgramAppidAndRefusedWithoutOne() {
    AppClient with = newApp("shop with a mini-program");
    AppClient without = newApp("shop without one");
    String mchWith = mchid();
    String mini = "wxm" + mchWith + "abcde";
    putChannel(
        with,
        "wechat",
        Map.of("mchid", mchWith, "appid", "wxd" + mchWith, "miniProgramAppid", mini));
    String mchWithout = mchid();
    putChannel(without, "wechat", Map.of("mchid", mchWithout, "appid", "wxe" + mchWithout));
    String paidOrder = with.createOrder("3.00");
    String refusedOrder = without.createOrder("3.00");
    String body = "{\"orderNo\":\"%s\",\"buyer\":{\"channelUserId\":\"oMiniBuyer\"}}";

    Answer issued = with.post("/pay/wechat/mini-program", body.formatted(paidOrder));
    Answer refused = without.post("/pay/wechat/mini-program", body.formatted(refusedOrder));

    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    assertThat(issued.json().path("handoff").path("params").path("appId").asString())
        .isEqualTo(mini);
    assertThat(refused.status()).as(refused.body()).isEqualTo(404);
    assertThat(without.get("/api/orders/" + refusedOrder).json().path("payments").isEmpty())
        .as("no payment opened for a product the app's merchant does not offer")
        .isTrue();
  }

  @Test
  void aWechatAppPaymentIsMadeUnderTheAppsOwnMobileAppAppidAndRefusedWithoutOne() {
    AppClient with = newApp("shop with a mobile app");
    AppClient without = newApp("shop without one");
    String mchWith = mchid();
    String mobile = "wxa" + mchWith + "fghij";
    putChannel(
        with, "wechat", Map.of("mchid", mchWith, "appid", "wxd" + mchWith, "appAppid", mobile));
    String mchWithout = mchid();
    putChannel(without, "wechat", Map.of("mchid", mchWithout, "appid", "wxe" + mchWithout));
    String paidOrder = with.createOrder("3.00");
    String refusedOrder = without.createOrder("3.00");
    String body = "{\"orderNo\":\"%s\"}";

    Answer issued = with.post("/pay/wechat/app", body.formatted(paidOrder));
    Answer refused = without.post("/pay/wechat/app", body.formatted(refusedOrder));

    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    assertThat(issued.json().path("handoff").path("fields").path("appid").asString())
        .isEqualTo(mobile);
    assertThat(refused.status()).as(refused.body()).isEqualTo(404);
    assertThat(refused.header("Content-Type")).contains("application/problem+json");
    assertThat(without.get("/api/orders/" + refusedOrder).json().path("payments").isEmpty())
        .as("no payment opened for a product the app's merchant does not offer")
        .isTrue();
  }

  @Test
  void anAppsOwnAccountsBillIsReconciledOnItsOwn() {
    ZoneId billZone = ZoneId.of("Asia/Shanghai");
    ZonedDateTime now = ZonedDateTime.now(billZone);
    // The bill day must not end between the payment and the run (ReconciliationIntegrationTests
    // covers the day's edges; here a run close to midnight in China is skipped).
    assumeTrue(now.plusMinutes(2).toLocalDate().equals(now.toLocalDate()));
    AppClient a = newApp("shop A");
    String alipayId = alipayAppId();
    String config = putChannel(a, "alipay", Map.of("appId", alipayId));
    String orderNo = a.createOrder("7.70");
    Answer qr = a.precreate("alipay", orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(a.orderStatus(orderNo)));

    http.sandboxClock(Duration.ofHours(24));
    try {
      Answer started =
          ops(
              "POST",
              "/ops/reconciliations",
              Map.of(
                  "channel",
                  "ALIPAY",
                  "billDate",
                  now.toLocalDate().toString(),
                  "channelConfig",
                  config));
      assertThat(started.status()).as(started.body()).isEqualTo(202);
      String run = "/ops/reconciliations/" + started.text("id");
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> !"RUNNING".equals(ops("GET", run, null).text("status")));
      JsonNode finished = ops("GET", run, null).json();

      assertThat(finished.path("status").asString()).isEqualTo("COMPLETED");
      assertThat(finished.path("channelConfig").asString()).isEqualTo(config);
      assertThat(finished.path("counts").path("MATCHED").asLong()).isEqualTo(1);
      assertThat(ops("GET", run + "/anomalies", null).body()).doesNotContain(outTradeNo);
      assertThat(
              http.get(
                      http.sandboxBase()
                          + "/sandbox/alipay/calls?method=alipay.data.dataservice.bill.downloadurl.query")
                  .json()
                  .valueStream()
                  .map(call -> call.path("appId").asString()))
          .contains(alipayId);
      assertThat(reconciliations.configurations(Channel.ALIPAY)).contains("bootstrap", config);
    } finally {
      http.resetSandboxClock();
    }
  }

  @Test
  void barcodePaymentsGoThroughTheAppsOwnAccounts() {
    AppClient a = newApp("shop A");
    String alipayId = alipayAppId();
    String mch = mchid();
    putChannel(a, "alipay", Map.of("appId", alipayId));
    putChannel(a, "wechat", Map.of("mchid", mch, "appid", "wxc" + mch));
    String alipayOrder = a.createOrder("5.00");
    String wechatOrder = a.createOrder("5.00");

    Answer alipay =
        a.post(
            "/pay/alipay/barcode",
            "{\"orderNo\":\"" + alipayOrder + "\",\"authCode\":\"280000000000000001\"}");
    Answer wechat =
        a.post(
            "/pay/wechat/barcode",
            "{\"orderNo\":\"" + wechatOrder + "\",\"authCode\":\"130000000000000001\"}");

    assertThat(alipay.status()).as(alipay.body()).isEqualTo(200);
    assertThat(alipay.text("outcome")).isEqualTo("PAID");
    assertThat(http.calls(alipay.text("outTradeNo"), "alipay.trade.pay"))
        .singleElement()
        .satisfies(call -> assertThat(call.path("appId").asString()).isEqualTo(alipayId));
    assertThat(wechat.status()).as(wechat.body()).isEqualTo(200);
    assertThat(wechat.text("outcome")).isEqualTo("PAID");
    assertThat(http.wechatCalls(wechat.text("outTradeNo"), "wechat.micropay"))
        .singleElement()
        .satisfies(call -> assertThat(call.path("mchid").asString()).isEqualTo(mch));
  }

  @Test
  void keysAreEncryptedAtRestAndNeverAnsweredNorLogged(CapturedOutput output) {
    AppClient a = newApp("shop A");
    String key = privateKey();
    String alipayId = alipayAppId();
    Answer put =
        ops(
            "PUT",
            "/ops/api/apps/" + a.appId() + "/channels/alipay",
            Map.of("appId", alipayId, "privateKey", key));
    String orderNo = a.createOrder("1.11");
    Answer qr = a.precreate("alipay", orderNo);
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(a.orderStatus(orderNo)));

    String stored =
        jdbc.sql("SELECT settings_enc FROM channel_config WHERE account_id = :id")
            .param("id", alipayId)
            .query(String.class)
            .single();
    String keyPart = key.substring(100, 160);
    assertThat(stored).startsWith("v1:").doesNotContain(keyPart);
    assertThat(put.status()).isEqualTo(200);
    assertThat(put.json().path("summary").path("merchantPublicKeyFingerprint").asString())
        .startsWith("sha256:");
    assertThat(put.body()).doesNotContain(keyPart);
    assertThat(ops("GET", "/ops/api/apps/" + a.appId(), null).body()).doesNotContain(keyPart);
    assertThat(ops("GET", "/ops/api/apps/" + a.appId() + "/channels/alipay", null).body())
        .doesNotContain(keyPart);
    assertThat(ops("GET", "/ops/api/apps", null).body()).doesNotContain(keyPart);
    assertThat(output.getAll()).doesNotContain(keyPart);
  }

  @Test
  void theAdminApiRefusesCallersWithoutTheOperatorsCredential() {
    Answer none = send("GET", "/ops/api/apps", null, Map.of());
    Answer wrong =
        send(
            "POST",
            "/ops/api/apps",
            "{\"name\":\"intruder\"}",
            Map.of(
                "Authorization",
                "Basic " + Base64.getEncoder().encodeToString("ops:wrong".getBytes())));

    assertThat(none.status()).isEqualTo(401);
    assertThat(none.header("Content-Type")).startsWith("application/problem+json");
    assertThat(wrong.status()).isEqualTo(401);
    assertThat(
            jdbc.sql("SELECT COUNT(*) FROM merchant_app WHERE name = 'intruder'")
                .query(Long.class)
                .single())
        .isZero();
  }

  @Test
  void keyMaterialThatDoesNotParseIsABadRequestAndStoresNothing() {
    AppClient a = newApp("shop A");
    String alipayId = alipayAppId();

    Answer alipay =
        ops(
            "PUT",
            "/ops/api/apps/" + a.appId() + "/channels/alipay",
            Map.of("appId", alipayId, "privateKey", "bm90IGEga2V5"));
    Answer platform =
        ops(
            "PUT",
            "/ops/api/apps/" + a.appId() + "/channels/alipay",
            Map.of("appId", alipayId, "privateKey", privateKey(), "alipayPublicKey", "%%%"));
    Answer wechat =
        ops(
            "PUT",
            "/ops/api/apps/" + a.appId() + "/channels/wechat",
            Map.of(
                "mchid", mchid(),
                "appid", "wx1",
                "apiV3Key", "a".repeat(32),
                "v2Key", "b".repeat(32),
                "merchantPrivateKey",
                    "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
                "merchantSerialNumber", "ABCDEF",
                "platformPublicKey", "AAAA",
                "platformPublicKeyId", "PUB_KEY_ID_1"));

    assertThat(alipay.status()).isEqualTo(400);
    assertThat(alipay.header("Content-Type")).startsWith("application/problem+json");
    assertThat(alipay.json().path("errors").get(0).path("field").asString())
        .isEqualTo("privateKey");
    assertThat(platform.status()).isEqualTo(400);
    assertThat(platform.json().path("errors").get(0).path("field").asString())
        .isEqualTo("alipayPublicKey");
    assertThat(wechat.status()).isEqualTo(400);
    assertThat(wechat.json().path("errors").get(0).path("field").asString())
        .isEqualTo("merchantPrivateKey");
    assertThat(
            jdbc.sql("SELECT COUNT(*) FROM channel_config WHERE app_id = :app")
                .param("app", a.appId())
                .query(Long.class)
                .single())
        .isZero();
  }

  @Test
  void anAppWithoutAConfigurationOfItsOwnIsToldTheChannelIsNotConfigured() {
    AppClient a = newApp("shop A");
    String orderNo = a.createOrder("1.00");

    Answer alipay = a.precreate("alipay", orderNo);
    Answer wechat = a.precreate("wechat", orderNo);

    assertThat(alipay.status()).isEqualTo(409);
    assertThat(alipay.text("type")).endsWith("/channel-not-configured");
    assertThat(wechat.status()).isEqualTo(409);
    assertThat(wechat.text("type")).endsWith("/channel-not-configured");
    assertThat(a.orderStatus(orderNo)).isEqualTo("CREATED");
  }

  @Test
  void anAccountIsOneAppsOnly() {
    AppClient a = newApp("shop A");
    AppClient b = newApp("shop B");
    String alipayId = alipayAppId();
    putChannel(a, "alipay", Map.of("appId", alipayId));

    Answer taken =
        ops("PUT", "/ops/api/apps/" + b.appId() + "/channels/alipay", Map.of("appId", alipayId));

    assertThat(taken.status()).isEqualTo(409);
    assertThat(ops("GET", "/ops/api/apps/" + b.appId() + "/channels/alipay", null).status())
        .isEqualTo(404);
  }

  @Test
  void anOperatorManagesAnAppsLifecycleThroughTheAdminApi() {
    AppClient a = newApp("shop A");
    String orderNo = a.createOrder("1.00");

    Answer disabled = ops("POST", "/ops/api/apps/" + a.appId() + "/disable", null);
    Answer refused = a.get("/api/orders/" + orderNo);
    ops("POST", "/ops/api/apps/" + a.appId() + "/enable", null);
    Answer rotated = ops("POST", "/ops/api/apps/" + a.appId() + "/secrets", null);
    Answer webhook =
        ops(
            "PUT",
            "/ops/api/apps/" + a.appId() + "/webhook",
            Map.of(
                "url", "https://shop.example/hooks", "secret", "whsec-0123456789-" + NEXT.get()));
    Answer badWebhook =
        ops("PUT", "/ops/api/apps/" + a.appId() + "/webhook", Map.of("url", "not a url"));

    assertThat(disabled.text("status")).isEqualTo("DISABLED");
    assertThat(refused.status()).isEqualTo(403);
    assertThat(rotated.status()).isEqualTo(201);
    assertThat(rotated.text("secret")).startsWith("pos_");
    assertThat(webhook.text("webhookUrl")).isEqualTo("https://shop.example/hooks");
    assertThat(webhook.json().path("webhookSecretSet").asBoolean()).isTrue();
    assertThat(webhook.body()).doesNotContain("whsec-");
    assertThat(badWebhook.status()).isEqualTo(400);
    assertThat(ops("GET", "/ops/api/apps/nobody", null).status()).isEqualTo(404);
    // Both secrets are active during the rotation: the old one still signs.
    assertThat(a.orderStatus(orderNo)).isEqualTo("CREATED");
  }

  @Test
  void aWebhookUrlNoDeliveryCouldBePostedToIsRefusedAndStoresNothing() {
    // Found by the hostile-input fuzz: the admin took URLs that every delivery then refuses
    // (user info, a fragment; too long for the column), as an order's notifyUrl may not name.
    AppClient a = newApp("shop B");
    ops(
        "PUT",
        "/ops/api/apps/" + a.appId() + "/webhook",
        Map.of("url", "https://shop.example/hooks", "secret", "whsec-0123456789-1"));

    List<Answer> refused =
        List.of(
                "https://shop.example/hooks#fragment",
                "https://user:pw@shop.example/hooks",
                "https://shop.example/" + "h".repeat(600))
            .stream()
            .map(
                url ->
                    ops(
                        "PUT",
                        "/ops/api/apps/" + a.appId() + "/webhook",
                        Map.of("url", url, "secret", "whsec-0123456789-2")))
            .toList();

    assertThat(refused).extracting(Answer::status).containsOnly(400);
    assertThat(ops("GET", "/ops/api/apps/" + a.appId(), null).text("webhookUrl"))
        .isEqualTo("https://shop.example/hooks");
  }

  @Test
  void anApiSecretThatNoLongerDecryptsIsRefusedLikeAWrongOneAndARotationMendsIt(
      CapturedOutput output) {
    AppClient app = newApp("shop unreadable");
    // As after a change of master key: the stored secret no longer opens.
    jdbc.sql("UPDATE app_secret SET secret_enc = :garbage WHERE app_id = :app")
        .param("garbage", "v1:" + Base64.getEncoder().encodeToString(new byte[40]))
        .param("app", app.appId())
        .update();

    Answer refused = app.get("/api/orders/nothing-here");
    Answer rotated = ops("POST", "/ops/api/apps/" + app.appId() + "/secrets", null);
    AppClient mended = new AppClient(http, new AppCredentials(app.appId(), rotated.text("secret")));

    assertThat(refused.status()).isEqualTo(401);
    assertThat(refused.text("type")).endsWith("/app-unauthorized");
    assertThat(mended.get("/api/orders/nothing-here").status()).isEqualTo(404);
    assertThat(output.getAll())
        .contains("event=secret_unreadable app=" + app.appId())
        .doesNotContain("SecretUnreadableException", "AEADBadTagException");
  }

  @Test
  void anAccountWhoseKeysNoLongerDecryptAnswersFailToItsNotifyAndRetryLaterToPayments(
      CapturedOutput output) {
    AppClient app = newApp("shop unreadable account");
    String alipay = alipayAppId();
    String config = putChannel(app, "alipay", Map.of("appId", alipay));
    String orderNo = app.createOrder("1.23");
    jdbc.sql(
            "UPDATE channel_config SET settings_enc = 'v1:not*base64', version = version + 1"
                + " WHERE config_key = :config")
        .param("config", config)
        .update();

    Answer notify =
        http.postForm("/pay/alipay/notify", signedNotify(alipay, "PO" + orderNo, "1.23"));
    Answer precreate = app.precreate("alipay", orderNo);

    assertThat(notify.body()).isEqualTo("fail");
    assertThat(precreate.status()).isEqualTo(503);
    assertThat(precreate.text("type")).endsWith("/temporarily-unavailable");
    assertThat(precreate.header("Retry-After")).isNotNull();
    assertThat(output.getAll())
        .contains("event=secret_unreadable")
        .doesNotContain("\tat io.payonce");
  }

  @Test
  void aWebhookUrlComesWithAStrongSecretAndItsQueryIsNeverLogged(CapturedOutput output) {
    AppClient app = newApp("shop webhook rules");
    String hook = "/ops/api/apps/" + app.appId() + "/webhook";
    Answer set =
        ops(
            "PUT",
            hook,
            Map.of(
                "url", "https://shop.example/hooks?token=QUERYTOKEN42", "secret", "s".repeat(16)));

    Answer withoutSecret = ops("PUT", hook, Map.of("url", "https://shop.example/other"));
    Answer weak = ops("PUT", hook, Map.of("url", "https://shop.example/other", "secret", "short"));
    Answer wide =
        ops("PUT", hook, Map.of("url", "https://shop.example/o", "secret", "中".repeat(200)));
    Answer spaced =
        ops("PUT", hook, Map.of("url", "https://shop.example/o", "secret", "a b c d e f g h i j"));

    assertThat(set.status()).isEqualTo(200);
    for (Answer refused : List.of(withoutSecret, weak, wide, spaced)) {
      assertThat(refused.status()).isEqualTo(400);
      assertThat(refused.json().path("errors").get(0).path("field").asString()).isEqualTo("secret");
    }
    Answer after = ops("GET", "/ops/api/apps/" + app.appId(), null);
    assertThat(after.json().path("webhookUrl").asString()).endsWith("token=QUERYTOKEN42");
    assertThat(after.json().path("webhookSecretSet").asBoolean()).isTrue();
    assertThat(output.getAll()).doesNotContain("QUERYTOKEN42");
  }

  private AppClient newApp(String name) {
    Answer made = ops("POST", "/ops/api/apps", Map.of("name", name));
    assertThat(made.status()).isEqualTo(201);
    return new AppClient(http, new AppCredentials(made.text("appId"), made.text("secret")));
  }

  /** Puts the app's channel configuration; its key. */
  private String putChannel(AppClient app, String channel, Map<String, String> settings) {
    Answer put = ops("PUT", "/ops/api/apps/" + app.appId() + "/channels/" + channel, settings);
    assertThat(put.status()).as(put.body()).isEqualTo(200);
    return put.text("configKey");
  }

  private Answer ops(String method, String path, Object body) {
    return send(
        method,
        path,
        body == null ? null : JSON.writeValueAsString(body),
        Map.of("Authorization", OPERATOR));
  }

  private Answer send(String method, String path, String body, Map<String, String> headers) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(http.serverBase() + path))
            .timeout(Duration.ofSeconds(30))
            // JSON: the operator's chain takes no CSRF token for it.
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(request::header);
    try {
      HttpResponse<String> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(response.statusCode(), response.body(), response);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A notify as Alipay (the sandbox's platform key) signs it, naming {@code appId}. */
  private String signedNotify(String appId, String outTradeNo, String amount) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("app_id", appId);
    params.put("charset", "utf-8");
    params.put("version", "1.0");
    params.put("notify_type", "trade_status_sync");
    params.put("notify_id", "n" + TestNumbers.orderNo("N"));
    params.put("notify_time", "2026-11-30 12:00:00");
    params.put("out_trade_no", outTradeNo);
    params.put("trade_no", "2026" + Math.abs(ThreadLocalRandom.current().nextLong()));
    params.put("trade_status", "TRADE_SUCCESS");
    params.put("total_amount", amount);
    params.put("buyer_id", "2088102146225135");
    params.put("gmt_payment", "2026-11-30 12:00:00");
    return AlipayNotifyForms.signed(alipayPlatformKey, params);
  }

  private String paymentConfig(String outTradeNo) {
    return jdbc.sql("SELECT channel_config FROM payment WHERE out_trade_no = :n")
        .param("n", outTradeNo)
        .query(String.class)
        .single();
  }

  private String paymentStatus(String outTradeNo) {
    return jdbc.sql("SELECT status FROM payment WHERE out_trade_no = :n")
        .param("n", outTradeNo)
        .query(String.class)
        .single();
  }

  private String refundStatus(String outTradeNo) {
    return jdbc.sql("SELECT status FROM refund WHERE out_trade_no = :n")
        .param("n", outTradeNo)
        .query(String.class)
        .optional()
        .orElse(null);
  }

  private java.util.List<String> receiptReplies(String outTradeNo) {
    return jdbc.sql("SELECT reply FROM notify_receipt WHERE out_trade_no = :n")
        .param("n", outTradeNo)
        .query(String.class)
        .list();
  }

  /** A fresh Alipay app id (16 digits), unique in this run. */
  private static String alipayAppId() {
    return "2099"
        + String.format(
            "%012d", (System.nanoTime() / 1000 + NEXT.incrementAndGet()) % 1_000_000_000_000L);
  }

  /** A fresh WeChat Pay merchant number, unique in this run. */
  private static String mchid() {
    return "17"
        + String.format("%08d", (System.nanoTime() / 1000 + NEXT.incrementAndGet()) % 100_000_000L);
  }

  private static String privateKey() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return Base64.getEncoder()
          .encodeToString(generator.generateKeyPair().getPrivate().getEncoded());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
