package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.Apps;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Precreate, checkout, get-token, the cashier's pay click and the return from a sign-in answer 429
 * with Retry-After once an app (or, on the buyer's page, an address) or a buyer has used up its
 * bucket; other apps and buyers go on. Each test works with apps of its own, so that buckets do not
 * carry over; the period is an hour, so no bucket refills while a test runs.
 */
@PayOnceIntegrationTest
@TestPropertySource(
    properties = {
      "payonce.rate-limit.enabled=true",
      "payonce.rate-limit.per-client=5",
      "payonce.rate-limit.per-buyer=3",
      "payonce.rate-limit.period=1h"
    })
class RateLimitIntegrationTests {

  private static final String TOO_MANY = "https://payonce.io/problems/too-many-requests";

  @LocalServerPort int port;
  @Autowired Apps apps;
  @Autowired AppAdmin admin;
  PayOnceHttp shop;
  PayOnceHttp otherShop;
  AppCredentials shopApp;

  @BeforeEach
  void setUp() {
    PayOnceHttp http = new PayOnceHttp(port);
    shopApp = apps.create("rate-limited shop");
    AppCredentials other = apps.create("another shop");
    TestApps.giveAlipayAccount(admin, shopApp.appId());
    TestApps.giveAlipayAccount(admin, other.appId());
    shop = http.as(shopApp.appId(), shopApp.secret());
    otherShop = http.as(other.appId(), other.secret());
  }

  @Test
  void aBuyerGetsNoMoreTokensThanItsBucketHolds() {
    String buyer = "u-" + UUID.randomUUID();

    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      answers.add(token(shop, buyer, "client-" + UUID.randomUUID()));
    }

    assertThat(answers.subList(0, 3)).extracting(PayOnceHttp.Answer::status).containsOnly(200);
    assertTooMany(answers.get(3));
    // The same user id at another app is another buyer; another buyer of this app goes on.
    assertThat(token(otherShop, buyer, "c").status()).isEqualTo(200);
    assertThat(token(shop, "u-" + UUID.randomUUID(), "c").status()).isEqualTo(200);
  }

  @Test
  void anAppGetsNoMoreThanItsBucketHoldsWhateverBuyerOrClientIdItNames() {
    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      answers.add(token(shop, "u-" + UUID.randomUUID(), "client-" + UUID.randomUUID()));
    }

    assertThat(answers.subList(0, 5)).extracting(PayOnceHttp.Answer::status).containsOnly(200);
    assertTooMany(answers.get(5));
    assertThat(token(otherShop, "u-" + UUID.randomUUID(), "c").status()).isEqualTo(200);
  }

  @Test
  void requestsNotSignedByTheAppDoNotUseUpItsBucket() {
    URI uri = URI.create(shop.serverBase() + "/api/pay/get-token?userId=u-forged");
    for (int i = 0; i < 10; i++) {
      Map<String, String> forged =
          new HashMap<>(
              TestApps.headers(
                  shopApp.appId(),
                  "not-the-secret",
                  "GET",
                  uri,
                  new byte[0],
                  Instant.now().getEpochSecond(),
                  TestApps.nonce()));
      assertThat(shop.get(uri.toString(), forged).status()).isEqualTo(401);
    }

    for (int i = 0; i < 5; i++) {
      assertThat(token(shop, "u-" + UUID.randomUUID(), "c").status()).isEqualTo(200);
    }
  }

  @Test
  void precreateCountsAgainstTheBuyerOfTheAppsOrder() {
    String first = shop.createOrder("1.00");
    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      answers.add(
          shop.precreate(
              Map.of("orderNo", first), Map.of("X-Client-Id", "c-" + UUID.randomUUID())));
    }

    assertThat(answers.subList(0, 3)).extracting(PayOnceHttp.Answer::status).containsOnly(200);
    assertTooMany(answers.get(3));
    // Another buyer's order is not held back, nor the other app's order of the same number.
    assertThat(shop.precreate(shop.createOrder("1.00")).status()).isEqualTo(200);
    assertThat(
            otherShop
                .post(
                    otherShop.serverBase() + "/api/orders",
                    Map.of(
                        "orderNo", first,
                        "userId", "u-other",
                        "amount", "1.00",
                        "currency", "CNY",
                        "title", "Tea"),
                    Map.of())
                .status())
        .isEqualTo(201);
    assertThat(otherShop.precreate(first).status()).isEqualTo(200);
  }

  @Test
  void checkoutSessionsCountAgainstTheBuyerOfTheOrder() {
    String orderNo = shop.createOrder("1.00");
    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      answers.add(
          shop.post(shop.serverBase() + "/api/orders/" + orderNo + "/checkout", "", Map.of()));
    }

    assertThat(answers.subList(0, 3)).extracting(PayOnceHttp.Answer::status).containsOnly(201);
    assertTooMany(answers.get(3));
    assertThat(shop.checkout(shop.createOrder("1.00"))).startsWith("/cashier/");
  }

  @Test
  void theCashiersPayClicksCountAgainstTheBuyerWhicheverSessionTheyComeThrough() {
    String orderNo = shop.createOrder("1.00");
    String firstSession = shop.checkout(orderNo);
    String secondSession = shop.checkout(orderNo);

    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (String session : List.of(firstSession, firstSession, secondSession, secondSession)) {
      answers.add(
          shop.post(
              shop.serverBase() + session + "/pay",
              Map.of("channel", "alipay", "requestId", "click-" + UUID.randomUUID()),
              Map.of()));
    }

    assertThat(answers.subList(0, 3)).extracting(PayOnceHttp.Answer::status).containsOnly(200);
    assertTooMany(answers.get(3));
  }

  @Test
  void returnsFromAChannelsSignInCountAgainstTheBuyerAsTheyAskTheChannel() {
    String session = shop.checkout(shop.createOrder("1.00"));
    String madeUp = shop.serverBase() + session + "/signed-in/wechat?code=made-up&state=s";

    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      answers.add(shop.get(madeUp, Map.of("Cookie", "payonce_sign_in=s")));
    }

    assertThat(answers.subList(0, 3)).extracting(PayOnceHttp.Answer::status).containsOnly(302);
    assertTooMany(answers.get(3));
  }

  private static PayOnceHttp.Answer token(PayOnceHttp app, String buyer, String client) {
    return app.get(
        app.serverBase() + "/api/pay/get-token?userId=" + buyer, Map.of("X-Client-Id", client));
  }

  private static void assertTooMany(PayOnceHttp.Answer answer) {
    assertThat(answer.status()).isEqualTo(429);
    assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    assertThat(answer.body()).contains("\"type\":\"" + TOO_MANY + "\"");
    assertThat(Long.parseLong(answer.header("Retry-After"))).isBetween(1L, 3600L);
  }
}
