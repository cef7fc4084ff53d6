package io.payonce.server.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.testing.LocalSandbox;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.TestDatabase;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two instances of one deployment with WeChat Pay against one standalone sandbox, as
 * docs/operations.md sets them up: both register the merchant they are configured with, so neither
 * replaces the other's — a merchant generated per instance left only the last one to start able to
 * call, and to read its notifies.
 */
class TwoWechatInstancesIntegrationTests {

  private static final SecureRandom RANDOM = new SecureRandom();

  @TempDir Path data;

  private LocalSandbox sandbox;
  private ConfigurableApplicationContext first;
  private ConfigurableApplicationContext second;
  private int firstPort;
  private String wechatKey;
  private String alipayKey;
  private final String serial = HexFormat.of().withUpperCase().formatHex(bytes(20));
  private final String apiV3Key = key32();
  private final String v2Key = key32();

  @BeforeEach
  void start() throws Exception {
    TestDatabase.MARIADB.createIfMissing();
    sandbox = LocalSandbox.start(data.resolve("sandbox"));
    KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
    rsa.initialize(2048);
    wechatKey = Base64.getEncoder().encodeToString(rsa.generateKeyPair().getPrivate().getEncoded());
    alipayKey = Base64.getEncoder().encodeToString(rsa.generateKeyPair().getPrivate().getEncoded());
    firstPort = LocalSandbox.freePort();
    first = instance(firstPort);
    second = instance(LocalSandbox.freePort());
  }

  @AfterEach
  void stop() {
    for (AutoCloseable each : new AutoCloseable[] {second, first, sandbox}) {
      try {
        if (each != null) {
          each.close();
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }

  @Test
  void bothInstancesCallAndTakeNotifiesWhicheverStartedOrCalledFirst() {
    PayOnceHttp viaFirst = http(first);
    PayOnceHttp viaSecond = http(second);
    String one = viaFirst.createOrder("3.00");
    assertThat(viaFirst.wechatPrecreate(one).status()).isEqualTo(200);
    String two = viaSecond.createOrder("3.10");
    assertThat(viaSecond.wechatPrecreate(two).status()).isEqualTo(200);

    String three = viaFirst.createOrder("3.20");
    Answer again = viaFirst.wechatPrecreate(three);

    assertThat(again.status()).as(again.body()).isEqualTo(200);
    assertThat(viaFirst.walletPay(again.text("qrCode")).status()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(30)).until(() -> "PAID".equals(viaSecond.orderStatus(three)));
  }

  private ConfigurableApplicationContext instance(int port) {
    String lb = "http://127.0.0.1:" + firstPort; // the first instance plays the load balancer
    TestDatabase db = TestDatabase.MARIADB;
    return new SpringApplicationBuilder(PayOnceApplication.class)
        .profiles("test")
        .run(
            "--server.port=" + port,
            "--server.shutdown=immediate",
            "--spring.datasource.url=" + db.url(),
            "--spring.datasource.username=" + db.username(),
            "--spring.datasource.password=" + db.password(),
            "--payonce.sandbox.enabled=false",
            "--payonce.alipay.sandbox-url=" + sandbox.base(),
            "--payonce.alipay.private-key=" + alipayKey,
            "--payonce.alipay.gateway-url=" + sandbox.base() + "/sandbox/alipay/gateway.do",
            "--payonce.alipay.notify-url=" + lb + "/pay/alipay/notify",
            "--payonce.wechat.api-base-url=" + sandbox.base() + "/sandbox/wechat",
            "--payonce.wechat.sandbox-url=" + sandbox.base(),
            "--payonce.wechat.notify-url=" + lb + "/pay/wechat/notify",
            "--payonce.wechat.v2-notify-url=" + lb + "/api/pay/callback/wechat",
            "--payonce.wechat.merchant-private-key=" + wechatKey,
            "--payonce.wechat.merchant-serial-number=" + serial,
            "--payonce.wechat.api-v3-key=" + apiV3Key,
            "--payonce.wechat.v2-key=" + v2Key);
  }

  private PayOnceHttp http(ConfigurableApplicationContext instance) {
    int port =
        ((org.springframework.boot.web.server.context.WebServerApplicationContext) instance)
            .getWebServer()
            .getPort();
    return new PayOnceHttp("http://127.0.0.1:" + port, sandbox.base());
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }

  private static String key32() {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    StringBuilder key = new StringBuilder();
    for (int i = 0; i < 32; i++) {
      key.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
    }
    return key.toString();
  }
}
