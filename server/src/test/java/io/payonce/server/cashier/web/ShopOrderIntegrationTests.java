package io.payonce.server.cashier.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppStatus;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The demo shop's {@code POST /shop/orders}: it sells as the app the buyer picked among the active
 * apps that can take a payment (the shop's own by default), and its fields pass the merchant API's
 * checks — an amount above payonce.orders.max-amount and a title with control characters are 400s
 * naming the field, as they are on {@code POST /api/orders}.
 */
@PayOnceIntegrationTest
class ShopOrderIntegrationTests {

  @LocalServerPort int port;
  @Autowired AppAdmin apps;
  @Autowired OrderService orders;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void anOrderIsSoldAsTheShopsOwnAppByDefault() {
    String orderNo = orderNo();

    PayOnceHttp.Answer placed = shopOrder(orderNo, "12.34", "Coffee", null);

    assertThat(placed.status()).isEqualTo(201);
    assertThat(placed.text("cashierUrl")).startsWith("/cashier/");
    assertThat(orders.find(new OrderRef(TestApps.APP_ID, orderNo))).isPresent();
  }

  @Test
  void anOrderIsSoldAsAnAppWithAnAccountOfItsOwnWhenPicked() {
    String appId = apps.create("Shop seller " + System.nanoTime()).appId();
    TestApps.giveAlipayAccount(apps, appId);
    String orderNo = orderNo();

    assertThat(http.get(http.serverBase() + "/").body()).contains("value=\"" + appId + "\"");
    PayOnceHttp.Answer placed = shopOrder(orderNo, "6.00", "Tea", appId);

    assertThat(placed.status()).isEqualTo(201);
    assertThat(orders.find(new OrderRef(appId, orderNo)))
        .hasValueSatisfying(o -> assertThat(o.userId()).isEqualTo(ShopController.BUYER));
    assertThat(orders.find(new OrderRef(TestApps.APP_ID, orderNo))).isEmpty();
  }

  @Test
  void anAppWithoutAChannelOrDisabledOrUnknownIsRefused() {
    String bare = apps.create("No channel " + System.nanoTime()).appId();
    String disabled = apps.create("Disabled " + System.nanoTime()).appId();
    TestApps.giveAlipayAccount(apps, disabled);
    apps.setStatus(disabled, AppStatus.DISABLED);

    String page = http.get(http.serverBase() + "/").body();
    assertThat(page).doesNotContain(bare).doesNotContain(disabled);
    for (String appId : new String[] {bare, disabled, "no-such-app"}) {
      String orderNo = orderNo();
      PayOnceHttp.Answer refused = shopOrder(orderNo, "1.00", "Nothing", appId);
      assertThat(refused.status()).as(appId).isEqualTo(400);
      assertThat(refused.json().get("errors").get(0).get("field").asString()).isEqualTo("appId");
      assertThat(orders.find(new OrderRef(appId, orderNo))).isEmpty();
    }
  }

  @Test
  void anAmountAboveTheMaximumIsRefusedAsTheApiRefusesIt() {
    String orderNo = orderNo();

    PayOnceHttp.Answer refused = shopOrder(orderNo, "100000000.01", "Too dear", null);

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("errors").get(0).get("field").asString()).isEqualTo("amount");
    assertThat(refused.json().get("errors").get(0).get("message").asString())
        .isEqualTo("must be at most 100000000.00");
    assertThat(orders.find(new OrderRef(TestApps.APP_ID, orderNo))).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"Tea\u0000", "Tea\r\nX-Forged: 1", "Tea\u0007bell", "\u0000"})
  void aTitleWithControlCharactersIsRefusedAsTheApiRefusesIt(String title) {
    String orderNo = orderNo();

    PayOnceHttp.Answer refused = shopOrder(orderNo, "1.00", title, null);

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.json().get("errors").get(0).get("field").asString()).isEqualTo("title");
    assertThat(orders.find(new OrderRef(TestApps.APP_ID, orderNo))).isEmpty();
  }

  private PayOnceHttp.Answer shopOrder(String orderNo, String amount, String title, String appId) {
    Map<String, String> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    body.put("amount", amount);
    body.put("title", title);
    if (appId != null) {
      body.put("appId", appId);
    }
    return http.post(http.serverBase() + "/shop/orders", body, Map.of());
  }

  private static String orderNo() {
    return "SHOP-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
  }
}
