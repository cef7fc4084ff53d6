package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.Apps;
import io.payonce.server.operator.OperatorAction;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.OutboxRelay;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.PaymentOpener;
import io.payonce.server.testing.PaidOrders;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The HTTP faces of webhooks: an order's notifyUrl checked at creation (400 problems), and the
 * operator's deliveries endpoints behind the operator's credential.
 */
@PayOnceIntegrationTest
class WebhookOpsIntegrationTests {

  private static final String DELIVERIES = "/ops/webhooks/deliveries";
  private static final WebhookReceiver receiver = new WebhookReceiver();

  @LocalServerPort int port;
  @Autowired OutboxRelay relay;
  @Autowired WebhookDispatcher dispatcher;
  @Autowired WebhookDeliveries deliveries;
  @Autowired Apps apps;
  @Autowired AppAdmin admin;
  @Autowired OrderService orderService;
  @Autowired PaymentOpener opener;
  @Autowired ChannelResultApplier applier;
  @Autowired Clock clock;
  @Autowired JdbcClient jdbc;
  @Autowired OperatorActions operatorActions;

  @AfterAll
  static void stopReceiver() {
    receiver.close();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ftp://merchant.example/notify",
        "not a url",
        "/relative/notify",
        "mailto:ops@merchant.example",
        "http://user:password@merchant.example/notify",
        "https://merchant.example/notify#fragment",
        "javascript:alert(1)"
      })
  void anOrderWithANotifyUrlThatIsNotAnAbsoluteHttpUrlIsA400Problem(String notifyUrl) {
    PayOnceHttp.Answer answer = createOrder(notifyUrl);

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    assertThat(answer.json().get("errors").toString()).contains("\"field\":\"notifyUrl\"");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        "http://[fe80::1]/notify",
        "http://0.0.0.0:8080/notify"
      })
  void anOrderCannotSendItsEventsToALinkLocalOrWildcardAddress(String notifyUrl) {
    PayOnceHttp.Answer answer = createOrder(notifyUrl);

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().get("errors").toString())
        .contains("\"field\":\"notifyUrl\"")
        .contains("link-local");
  }

  @Test
  void anOverlongNotifyUrlIsA400Problem() {
    PayOnceHttp.Answer answer =
        createOrder("https://merchant.example/" + "a".repeat(NotifyUrls.MAX_LENGTH));

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.json().get("errors").toString()).contains("at most 512 characters");
  }

  @Test
  void anOrdersNotifyUrlIsKept() {
    PayOnceHttp.Answer answer = createOrder("https://merchant.example/notify?shop=1");

    assertThat(answer.status()).isEqualTo(201);
    assertThat(
            jdbc.sql("SELECT notify_url FROM orders WHERE order_no = :no")
                .param("no", answer.json().get("orderNo").asString())
                .query(String.class)
                .single())
        .isEqualTo("https://merchant.example/notify?shop=1");
  }

  @Test
  void theDeliveriesEndpointsRefuseWithoutTheOperatorsCredential() {
    PayOnceHttp http = new PayOnceHttp(port);
    String base = http.serverBase() + DELIVERIES;

    assertThat(http.get(base + "?orderNo=x").status()).isEqualTo(401);
    assertThat(http.get(base + "?orderNo=x", basic("ops", "wrong")).status()).isEqualTo(401);
    assertThat(http.get(base + "/1").status()).isEqualTo(401);
    assertThat(http.post(base + "/1/resend", "{}", Map.of()).status()).isEqualTo(401);
    assertThat(http.post(base + "/1/resend", "{}", basic("ops", "wrong")).status()).isEqualTo(401);
  }

  @Test
  void theDeliveriesEndpointsAnswerProblemsForWhatDoesNotExistOrIsMalformed() {
    PayOnceHttp http = new PayOnceHttp(port);
    String base = http.serverBase() + DELIVERIES;

    assertThat(http.get(base + "/999999999", operator()).status()).isEqualTo(404);
    assertThat(http.get(base + "/abc", operator()).status()).isEqualTo(404);
    assertThat(http.post(base + "/999999999/resend", "{}", operator()).status()).isEqualTo(404);
    assertThat(http.get(base, operator()).status()).isEqualTo(400);
    assertThat(http.get(base + "?state=LOST", operator()).status()).isEqualTo(400);
    assertThat(http.get(base + "?orderNo=none-" + UUID.randomUUID(), operator()).body())
        .isEqualTo("[]");
  }

  @Test
  void anOperatorListsAnOrdersDeliveriesWithTheirAttemptsAndResendsOne() {
    AppOrder paidOrder = paidOrderOfANewApp("wh-ops");
    String path = paidOrder.webhookPath();
    String orderNo = paidOrder.orderNo();
    deliverUntil(
        () ->
            !deliveries.ofOrder(orderNo).isEmpty()
                && deliveries.ofOrder(orderNo).stream()
                    .allMatch(d -> d.state() == DeliveryState.DELIVERED));
    PayOnceHttp http = new PayOnceHttp(port);
    String base = http.serverBase() + DELIVERIES;

    PayOnceHttp.Answer listed = http.get(base + "?orderNo=" + orderNo, operator());
    assertThat(listed.status()).isEqualTo(200);
    long id = listed.json().get(0).get("id").asLong();
    assertThat(listed.json().get(0).get("attempts").get(0).get("statusCode").asInt())
        .isEqualTo(200);

    PayOnceHttp.Answer resent = http.post(base + "/" + id + "/resend", "{}", operator());

    assertThat(resent.status()).isEqualTo(200);
    assertThat(resent.json().get("state").asString()).isEqualTo("DELIVERED");
    assertThat(resent.json().get("attempts").size()).isEqualTo(2);
    assertThat(resent.json().get("attempts").get(1).get("cause").asString()).isEqualTo("RESEND");
    assertThat(resent.json().get("attempts").get(1).get("requestedBy").asString()).isEqualTo("ops");
    assertThat(operatorActions.recent(50))
        .anySatisfy(
            action -> {
              assertThat(action.action()).isEqualTo(OperatorAction.Kind.RESEND_WEBHOOK);
              assertThat(action.operator()).isEqualTo("ops");
              assertThat(action.target()).startsWith("webhook delivery " + id + " ");
              assertThat(action.before()).isEqualTo("DELIVERED");
              assertThat(action.outcome()).isEqualTo(OperatorAction.Outcome.DONE);
            });
    String eventId = resent.json().get("eventId").asString();
    assertThat(receiver.at(path).stream().filter(r -> r.eventId().equals(eventId))).hasSize(2);
  }

  @Test
  void aResendOfAPaymentsEventIsShownOnThatPaymentsTimeline() {
    AppOrder paidOrder = paidOrderOfANewApp("wh-tl");
    String appId = paidOrder.appId();
    String orderNo = paidOrder.orderNo();
    deliverUntil(
        () ->
            deliveries.ofOrder(orderNo).stream()
                .anyMatch(
                    d ->
                        d.eventType().equals("OrderPaid") && d.state() == DeliveryState.DELIVERED));
    long paid =
        deliveries.ofOrder(orderNo).stream()
            .filter(d -> d.eventType().equals("OrderPaid"))
            .findFirst()
            .orElseThrow()
            .id();
    String outTradeNo =
        jdbc.sql(
                "SELECT p.out_trade_no FROM payment p JOIN orders o ON o.id = p.order_id"
                    + " WHERE o.app_id = :appId AND o.order_no = :orderNo")
            .param("appId", appId)
            .param("orderNo", orderNo)
            .query(String.class)
            .single();
    PayOnceHttp http = new PayOnceHttp(port);

    PayOnceHttp.Answer resent =
        http.post(http.serverBase() + DELIVERIES + "/" + paid + "/resend", "{}", operator());

    assertThat(resent.status()).isEqualTo(200);
    assertThat(operatorActions.ofPayment(outTradeNo))
        .singleElement()
        .satisfies(
            action -> {
              assertThat(action.action()).isEqualTo(OperatorAction.Kind.RESEND_WEBHOOK);
              assertThat(action.target())
                  .isEqualTo("webhook delivery " + paid + " OrderPaid " + orderNo);
              assertThat(action.outcome()).isEqualTo(OperatorAction.Outcome.DONE);
            });
  }

  /** An order paid by an app of its own, whose webhook goes to the receiver at its path. */
  private record AppOrder(String appId, String webhookPath, String orderNo) {}

  private AppOrder paidOrderOfANewApp(String prefix) {
    String appId = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    String path = "/" + appId;
    apps.create(appId, "ops", "api-secret-" + appId);
    TestApps.giveAlipayAccount(admin, appId);
    apps.setWebhook(appId, receiver.url(path), "whsec-" + appId);
    String orderNo =
        new PaidOrders(orderService, opener, applier, clock).payOne(appId, prefix, null);
    return new AppOrder(appId, path, orderNo);
  }

  private PayOnceHttp.Answer createOrder(String notifyUrl) {
    PayOnceHttp http = new PayOnceHttp(port);
    Map<String, String> body = new LinkedHashMap<>();
    body.put("orderNo", TestNumbers.orderNo("wh-url"));
    body.put("userId", "u-1");
    body.put("amount", "1.00");
    body.put("currency", "CNY");
    body.put("title", "notify url");
    body.put("notifyUrl", notifyUrl);
    return http.post(http.serverBase() + "/api/orders", body, Map.of());
  }

  private static Map<String, String> operator() {
    return basic("ops", "payonce");
  }

  private static Map<String, String> basic(String user, String password) {
    String token =
        Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    return Map.of("Authorization", "Basic " + token);
  }

  /** Relays and dispatches until {@code done}. */
  private void deliverUntil(java.util.function.BooleanSupplier done) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              relay.drain();
              dispatcher.dispatchDue();
              return done.getAsBoolean();
            });
  }
}
