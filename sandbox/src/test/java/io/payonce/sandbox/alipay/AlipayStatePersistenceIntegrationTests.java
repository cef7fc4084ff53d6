package io.payonce.sandbox.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayConfig;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayTradePrecreateModel;
import com.alipay.api.request.AlipayTradePrecreateRequest;
import io.payonce.sandbox.StandaloneSandbox;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/** A standalone sandbox with persistence keeps ledger, apps, keys and pending notifies. */
class AlipayStatePersistenceIntegrationTests {

  @TempDir Path dataDir;

  @Test
  void aRestartedSandboxKeepsItsLedgerAndDeliversPendingNotifies() throws AlipayApiException {
    var merchant = RsaKeys.generate();
    try (NotifyReceiver receiver = NotifyReceiver.start()) {
      receiver.replyNext("fail");
      String platformKey;
      String outTradeNo = "PERSIST1";
      try (ConfigurableApplicationContext first = start()) {
        RestClient http = http(first);
        platformKey =
            http.get()
                .uri("/sandbox/alipay/platform-key")
                .retrieve()
                .body(JsonNode.class)
                .get("publicKey")
                .asString();
        http.post()
            .uri("/sandbox/alipay/apps")
            .contentType(MediaType.APPLICATION_JSON)
            .body(
                Map.of(
                    "appId", "2021000000000001", "publicKey", RsaKeys.encode(merchant.getPublic())))
            .retrieve()
            .toBodilessEntity();
        String qr = precreate(first, merchant, platformKey, outTradeNo, receiver.url());
        http.post()
            .uri("/sandbox/alipay/wallet/pay")
            .contentType(MediaType.APPLICATION_JSON)
            .body(Map.of("qrCode", qr))
            .retrieve()
            .toBodilessEntity();
        await().until(() -> receiver.received().size() == 1);
      }

      try (ConfigurableApplicationContext second = start()) {
        RestClient http = http(second);
        JsonNode rows =
            http.get()
                .uri("/sandbox/alipay/trades?outTradeNo=" + outTradeNo)
                .retrieve()
                .body(JsonNode.class);
        assertThat(rows.get(0).get("status").asString()).isEqualTo("TRADE_SUCCESS");
        assertThat(
                http.get()
                    .uri("/sandbox/alipay/platform-key")
                    .retrieve()
                    .body(JsonNode.class)
                    .get("publicKey")
                    .asString())
            .isEqualTo(platformKey);
        await().atMost(Duration.ofSeconds(10)).until(() -> receiver.received().size() == 2);
        assertThat(receiver.received().get(1).get("notify_id"))
            .isEqualTo(receiver.received().get(0).get("notify_id"));
        assertThat(precreate(second, merchant, platformKey, "PERSIST2", null)).isNotNull();
      }
    }
  }

  private ConfigurableApplicationContext start() {
    return StandaloneSandbox.startPersistent(
        dataDir, "payonce.sandbox.alipay.notify.retry-schedule=PT3S,PT1S");
  }

  private static RestClient http(ConfigurableApplicationContext context) {
    return StandaloneSandbox.http(context);
  }

  private static String precreate(
      ConfigurableApplicationContext context,
      java.security.KeyPair merchant,
      String platformKey,
      String outTradeNo,
      String notifyUrl)
      throws AlipayApiException {
    int port = StandaloneSandbox.port(context);
    AlipayConfig config = new AlipayConfig();
    config.setServerUrl("http://127.0.0.1:" + port + "/sandbox/alipay/gateway.do");
    config.setAppId("2021000000000001");
    config.setPrivateKey(RsaKeys.encode(merchant.getPrivate()));
    config.setAlipayPublicKey(platformKey);
    config.setSignType("RSA2");
    AlipayTradePrecreateModel model = new AlipayTradePrecreateModel();
    model.setOutTradeNo(outTradeNo);
    model.setTotalAmount("12.34");
    model.setSubject("persisted");
    AlipayTradePrecreateRequest request = new AlipayTradePrecreateRequest();
    request.setBizModel(model);
    request.setNotifyUrl(notifyUrl);
    return new DefaultAlipayClient(config).execute(request).getQrCode();
  }
}
