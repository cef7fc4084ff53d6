package io.payonce.sandbox.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.payonce.sandbox.StandaloneSandbox;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * A standalone sandbox with persistence keeps WeChat merchants, the WeChat Pay public key and its
 * id, the ledger and pending notifies across a restart.
 */
class WechatStatePersistenceIntegrationTests {

  @TempDir Path dataDir;

  @Test
  void aRestartedSandboxKeepsItsKeyLedgerAndMerchantsAndDeliversPendingNotifies() {
    KeyPair merchant = RsaKeys.generate();
    try (WechatNotifyReceiver receiver = WechatNotifyReceiver.start()) {
      receiver.replyNext(500);
      JsonNode key;
      String outTradeNo = "WXPERSIST1";
      try (ConfigurableApplicationContext first = start()) {
        RestClient http = http(first);
        key = http.get().uri("/sandbox/wechat/platform-key").retrieve().body(JsonNode.class);
        Map<String, Object> registration = new LinkedHashMap<>();
        registration.put("mchid", "1900000009");
        registration.put("appid", "wx0000000000000009");
        registration.put("publicKey", RsaKeys.encode(merchant.getPublic()));
        registration.put("serialNo", "ABC123");
        registration.put("apiV3Key", "0123456789abcdef0123456789abcdef");
        http.post()
            .uri("/sandbox/wechat/merchants")
            .contentType(MediaType.APPLICATION_JSON)
            .body(registration)
            .retrieve()
            .toBodilessEntity();
        WechatSandbox sandbox = first.getBean(WechatSandbox.class);
        assertThat(sandbox.publicKeyId()).isEqualTo(key.get("publicKeyId").asString());
        first
            .getBean(io.payonce.sandbox.wechat.ledger.WechatLedger.class)
            .prepay(
                new io.payonce.sandbox.wechat.ledger.WechatLedger.Prepay(
                    "1900000009",
                    "wx0000000000000009",
                    outTradeNo,
                    new io.payonce.sandbox.wechat.ledger.OrderTerms(
                        "persisted", 1234, "CNY", null, receiver.url(), null)),
                io.payonce.sandbox.wechat.ledger.Refusal.OUT_TRADE_NO_USED);
        String codeUrl =
            http.get()
                .uri("/sandbox/wechat/orders?outTradeNo=" + outTradeNo)
                .retrieve()
                .body(JsonNode.class)
                .get(0)
                .get("codeUrl")
                .asString();
        http.post()
            .uri("/sandbox/wallet/pay")
            .contentType(MediaType.APPLICATION_JSON)
            .body(Map.of("qrCode", codeUrl))
            .retrieve()
            .toBodilessEntity();
        await().until(() -> receiver.received().size() == 1);
      }

      try (ConfigurableApplicationContext second = start()) {
        RestClient http = http(second);
        JsonNode rows =
            http.get()
                .uri("/sandbox/wechat/orders?outTradeNo=" + outTradeNo)
                .retrieve()
                .body(JsonNode.class);
        assertThat(rows.get(0).get("tradeState").asString()).isEqualTo("SUCCESS");
        JsonNode keyAgain =
            http.get().uri("/sandbox/wechat/platform-key").retrieve().body(JsonNode.class);
        assertThat(keyAgain.get("publicKeyId")).isEqualTo(key.get("publicKeyId"));
        assertThat(keyAgain.get("publicKey")).isEqualTo(key.get("publicKey"));
        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.received().size() == 2);
        NotificationParser parser =
            new NotificationParser(
                new RSAPublicKeyConfig.Builder()
                    .merchantId("1900000009")
                    .privateKey(RsaKeys.encode(merchant.getPrivate()))
                    .merchantSerialNumber("ABC123")
                    .publicKey(keyAgain.get("publicKeyPem").asString())
                    .publicKeyId(keyAgain.get("publicKeyId").asString())
                    .apiV3Key("0123456789abcdef0123456789abcdef")
                    .build());
        WechatNotifyReceiver.Received redelivered = receiver.received().get(1);
        Transaction transaction =
            parser.parse(
                new RequestParam.Builder()
                    .serialNumber(redelivered.header("Wechatpay-Serial"))
                    .nonce(redelivered.header("Wechatpay-Nonce"))
                    .signature(redelivered.header("Wechatpay-Signature"))
                    .timestamp(redelivered.header("Wechatpay-Timestamp"))
                    .body(redelivered.body())
                    .build(),
                Transaction.class);
        assertThat(transaction.getOutTradeNo()).isEqualTo(outTradeNo);
        assertThat(idOf(redelivered.body())).isEqualTo(idOf(receiver.received().get(0).body()));
        assertThat(second.getBean(WechatMerchants.class).find("1900000009")).isPresent();
      }
    }
  }

  private static String idOf(String body) {
    return body.substring(
        body.indexOf("\"id\":\""), body.indexOf("\"", body.indexOf("\"id\":\"") + 6));
  }

  private ConfigurableApplicationContext start() {
    return StandaloneSandbox.startPersistent(
        dataDir, "payonce.sandbox.wechat.notify.retry-schedule=PT3S,PT1S");
  }

  private static RestClient http(ConfigurableApplicationContext context) {
    return StandaloneSandbox.http(context);
  }
}
