package io.payonce.server.cashier.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.Apps;
import io.payonce.server.channel.Channel;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The cashier's sign-in at WeChat, as the buyer's browser follows it (one redirect at a time): the
 * click opens nothing, the payment is issued only on a return this browser started with a code the
 * channel takes, and any other return — no cookie, another state, a wrong or replayed code — leads
 * back to the page without opening a payment.
 */
@PayOnceIntegrationTest
class CashierSignInIntegrationTests {

  private static final String WECHAT_UA =
      "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko)"
          + " Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.40.2420 NetType/WIFI";

  @LocalServerPort int port;
  @Autowired Apps apps;
  @Autowired AppAdmin admin;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @Test
  void theBridgeClickOpensNothingAndSendsTheBrowserToTheSignIn() {
    String orderNo = http.createOrder("2.10");
    String page = http.checkout(orderNo);
    String cashier = http.serverBase() + page;

    Answer click =
        http.post(cashier + "/pay", Map.of("channel", "wechat", "kind", "JSAPI"), Map.of());

    assertThat(click.status()).isEqualTo(200);
    assertThat(click.json().path("handoff").path("type").asString()).isEqualTo("redirect");
    assertThat(click.json().path("handoff").path("url").asString())
        .isEqualTo(page + "/sign-in/wechat");
    assertThat(http.payments(orderNo)).isEmpty();
  }

  @Test
  void onlyAReturnThisBrowserStartedWithAGoodCodeIssuesThePaymentAndOnlyOnce() {
    String orderNo = http.createOrder("2.20");
    String page = http.checkout(orderNo);
    String cashier = http.serverBase() + page;
    Answer start = http.get(cashier + "/sign-in/wechat");
    String cookie = start.raw().headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
    Answer signIn = http.get(start.raw().headers().firstValue("Location").orElseThrow());
    String back = signIn.raw().headers().firstValue("Location").orElseThrow();
    Map<String, String> query =
        UriComponentsBuilder.fromUri(URI.create(back)).build().getQueryParams().toSingleValueMap();
    String code = query.get("code");
    String state = query.get("state");

    Answer noCookie = http.get(back);
    Answer otherState =
        http.get(withQuery(cashier, code, "not-" + state), Map.of("Cookie", cookie));
    Answer wrongCode = http.get(withQuery(cashier, "not-a-code", state), Map.of("Cookie", cookie));
    assertThat(http.payments(orderNo)).isEmpty();
    Answer good = http.get(back, Map.of("Cookie", cookie));
    Answer replayed = http.get(back, Map.of("Cookie", cookie));

    assertThat(start.status()).isEqualTo(302);
    assertThat(cookie).startsWith(CashierController.SIGN_IN_COOKIE + "=");
    assertThat(start.raw().headers().firstValue("Set-Cookie").orElseThrow())
        .contains("HttpOnly")
        .contains("SameSite=Lax")
        .contains("Path=" + page);
    for (Answer refused : new Answer[] {noCookie, otherState, wrongCode, replayed}) {
      assertThat(refused.status()).isEqualTo(302);
      assertThat(refused.raw().headers().firstValue("Location").orElseThrow()).endsWith(page);
    }
    assertThat(good.status()).isEqualTo(200);
    assertThat(good.body()).contains("data-bridge=").contains("paySign");
    assertThat(good.raw().headers().firstValue("Cache-Control").orElseThrow()).contains("no-store");
    assertThat(http.payments(orderNo))
        .singleElement()
        .satisfies(p -> assertThat(p.path("status").asString()).isIn("INIT", "PRECREATED"));
  }

  @Test
  void anAppsOwnWechatAccountSignsItsBuyersInOnlyWithItsOwnAppSecret() {
    AppCredentials withSecret = appWithWechat("official account shop", true);
    AppCredentials withoutSecret = appWithWechat("no official account", false);

    String offered = wechatBrowserPage(withSecret);
    String notOffered = wechatBrowserPage(withoutSecret);

    assertThat(offered).contains("data-kind=\"JSAPI\"");
    assertThat(notOffered).doesNotContain("data-kind=\"JSAPI\"").contains("data-kind=\"QR\"");
    // Its sign-in is its own official account's, and the code it comes back with pays there.
    PayOnceHttp shop = http.as(withSecret.appId(), withSecret.secret());
    String orderNo = shop.createOrder("3.10");
    String cashier = shop.serverBase() + shop.checkout(orderNo);
    Answer start = shop.get(cashier + "/sign-in/wechat");
    String location = start.raw().headers().firstValue("Location").orElseThrow();
    assertThat(location).contains("appid=wxo");
    String cookie = start.raw().headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
    String back = shop.get(location).raw().headers().firstValue("Location").orElseThrow();
    Answer signedIn = shop.get(back, Map.of("Cookie", cookie));
    assertThat(signedIn.status()).as(signedIn.body()).isEqualTo(200);
    assertThat(signedIn.body()).contains("data-bridge=");
    assertThat(shop.payments(orderNo)).singleElement();
  }

  private AppCredentials appWithWechat(String name, boolean appSecret) {
    AppCredentials app = apps.create(name);
    String mchid = "17" + String.format("%08d", Math.floorMod(System.nanoTime(), 100_000_000));
    Map<String, String> settings = new java.util.HashMap<>();
    settings.put("mchid", mchid);
    settings.put("appid", "wxo" + mchid);
    if (appSecret) {
      settings.put("appSecret", "S".repeat(32));
    }
    admin.putChannel(app.appId(), Channel.WECHAT, settings);
    return app;
  }

  private String wechatBrowserPage(AppCredentials app) {
    PayOnceHttp shop = http.as(app.appId(), app.secret());
    String page = shop.checkout(shop.createOrder("1.10"));
    return shop.get(shop.serverBase() + page, Map.of("User-Agent", WECHAT_UA)).body();
  }

  private static String withQuery(String cashier, String code, String state) {
    return cashier + "/signed-in/wechat?code=" + code + "&state=" + state;
  }
}
