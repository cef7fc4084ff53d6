package io.payonce.server.cashier.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.AppStatus;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The cashier over HTTP (the browser tests drive the page itself): only a checkout session the
 * merchant opened reaches an order's cashier, for that order only and until it expires.
 */
@PayOnceIntegrationTest
class CheckoutSessionIntegrationTests {

  @LocalServerPort int port;
  @Autowired MutableClock clock;
  @Autowired AppAdmin admin;
  PayOnceHttp server;

  @BeforeEach
  void setUp() {
    server = new PayOnceHttp(port);
  }

  @AfterEach
  void resetClock() {
    clock.reset();
  }

  @Test
  void theCashierSpeaksTheBuyersLanguageEnglishByDefault() {
    String cashier = server.checkout(server.createOrder("3.00", "Oolong"));

    Answer english = server.get(server.serverBase() + cashier);
    Answer chinese =
        server.get(
            server.serverBase() + cashier, Map.of("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5"));
    Answer picked = server.get(server.serverBase() + cashier + "?lang=zh_CN");

    assertThat(english.body()).contains("<html lang=\"en\"", ">Pay with Alipay<");
    assertThat(chinese.body()).contains("<html lang=\"zh-CN\"", ">使用支付宝付款<", ">请用支付宝扫码付款<");
    // The script's texts come with the page, in the same language.
    assertThat(chinese.body()).contains("data-scan-with=\"请用{0}扫码付款\"");
    assertThat(picked.body()).contains(">使用支付宝付款<");
    assertThat(picked.header("Set-Cookie")).startsWith("payonce-lang=zh-CN");
  }

  @Test
  void aSessionOpensItsOrdersCashierAndItsCalls() {
    String orderNo = server.createOrder("3.00", "Green tea");
    String cashier = server.checkout(orderNo);

    Answer page = server.get(server.serverBase() + cashier);
    Answer state = server.get(server.serverBase() + cashier + "/state");
    Answer paid =
        server.post(server.serverBase() + cashier + "/pay", "{\"requestId\":\"c1\"}", Map.of());
    Answer polled = server.get(server.serverBase() + cashier + "/query");

    assertThat(cashier).matches("/cashier/[A-Za-z0-9_-]{43}");
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.body()).contains("Green tea");
    assertThat(state.text("orderNo")).isEqualTo(orderNo);
    assertThat(paid.status()).isEqualTo(200);
    assertThat(paid.json().path("payment").path("status").asString()).isEqualTo("PRECREATED");
    String qrImage = paid.json().path("payment").path("qrImage").asString();
    assertThat(qrImage).startsWith(cashier + "/qr.png?outTradeNo=");
    assertThat(server.bytes(server.serverBase() + qrImage)).isNotEmpty();
    assertThat(polled.json().path("payment").path("outTradeNo").asString())
        .isEqualTo(paid.json().path("payment").path("outTradeNo").asString());
  }

  @Test
  void anOrderNumberOrAnUnknownTokenOpensNothing() {
    String orderNo = server.createOrder("3.00");
    server.checkout(orderNo);

    assertThat(server.get(server.serverBase() + "/cashier/" + orderNo + "/state").status())
        .isEqualTo(404);
    assertThat(
            server
                .post(server.serverBase() + "/cashier/" + orderNo + "/pay", "{}", Map.of())
                .status())
        .isEqualTo(404);
    assertThat(server.get(server.serverBase() + "/cashier/" + "A".repeat(43) + "/state").status())
        .isEqualTo(404);
    Answer page = server.get(server.serverBase() + "/cashier/" + orderNo);
    assertThat(page.status()).isEqualTo(404);
    assertThat(page.body()).contains("NOT_FOUND");
  }

  @Test
  void aDisabledAppsSessionsOpenNothingUntilItIsEnabledAgain() {
    AppCredentials app = admin.create("cashier disabled");
    TestApps.giveAlipayAccount(admin, app.appId());
    PayOnceHttp asApp = server.as(app.appId(), app.secret());
    String cashier = asApp.checkout(asApp.createOrder("3.00"));

    admin.setStatus(app.appId(), AppStatus.DISABLED);
    Answer page = server.get(server.serverBase() + cashier);
    Answer pay = server.post(server.serverBase() + cashier + "/pay", "{}", Map.of());
    admin.setStatus(app.appId(), AppStatus.ACTIVE);
    Answer payAgain = server.post(server.serverBase() + cashier + "/pay", "{}", Map.of());

    assertThat(page.status()).isEqualTo(404);
    assertThat(pay.status()).isEqualTo(404);
    assertThat(payAgain.status()).isEqualTo(200);
  }

  @Test
  void aSessionExpires() {
    String cashier = server.checkout(server.createOrder("3.00"));

    clock.advance(Duration.ofMinutes(31));

    assertThat(server.get(server.serverBase() + cashier).status()).isEqualTo(404);
    assertThat(server.get(server.serverBase() + cashier + "/state").status()).isEqualTo(404);
    assertThat(server.post(server.serverBase() + cashier + "/pay", "{}", Map.of()).status())
        .isEqualTo(404);
  }

  @Test
  void onlyTheMerchantOpensASessionAndOnlyForItsOwnOrder() {
    String orderNo = server.createOrder("3.00");

    Answer unsigned =
        server.post(
            server.serverBase() + "/api/orders/" + orderNo + "/checkout",
            "",
            Map.of("PayOnce-Unsigned", "yes"));
    Answer unknown =
        server.post(server.serverBase() + "/api/orders/NO-SUCH-ORDER/checkout", "", Map.of());

    assertThat(unsigned.status()).isEqualTo(401);
    assertThat(unknown.status()).isEqualTo(404);
  }

  @Test
  void aPaidOrClosedOrderOpensNoSession() {
    // Found by the hostile-input fuzz: a checkout for a paid order opened a session.
    String paid = server.createOrder("3.00");
    server.walletPay(server.precreate(paid).text("qrCode"));
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(server.orderStatus(paid)));
    String closed = server.createOrder("3.00");
    server.close(closed);

    Answer toPaid =
        server.post(server.serverBase() + "/api/orders/" + paid + "/checkout", "", Map.of());
    Answer toClosed =
        server.post(server.serverBase() + "/api/orders/" + closed + "/checkout", "", Map.of());

    assertThat(toPaid.status()).isEqualTo(409);
    assertThat(toPaid.raw().headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(toPaid.json().path("orderStatus").asString()).isEqualTo("PAID");
    assertThat(toClosed.status()).isEqualTo(409);
    assertThat(toClosed.json().path("orderStatus").asString()).isEqualTo("CLOSED");
  }

  @Test
  void anUnknownChannelIsRefused() {
    String cashier = server.checkout(server.createOrder("3.00"));

    Answer answer =
        server.post(server.serverBase() + cashier + "/pay", "{\"channel\":\"bitcoin\"}", Map.of());

    assertThat(answer.status()).isEqualTo(400);
  }
}
