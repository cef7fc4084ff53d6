package io.payonce.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.payonce.client.WebhookInbox.Delivery;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The client against a real server (EmbeddedServer): a merchant's first payment from order to half
 * refund, on both channels; problems as typed exceptions; a real webhook verified.
 */
class PayOnceClientIntegrationTests {

  private static EmbeddedServer server;
  private static PayOnceClient payonce;

  @BeforeAll
  static void startServer() {
    server = EmbeddedServer.get();
    payonce = server.client(RetryPolicy.defaults());
  }

  @Test
  void takesAFirstPaymentAndRefundsHalfOfIt() {
    String orderNo = orderNo("first");

    Order created = payonce.createOrder(NewOrder.cny(orderNo, "user-1", "20.00", "Green tea"));
    CheckoutSession session = payonce.openCheckout(orderNo);
    QrCode qr = payonce.precreate(Channel.ALIPAY, orderNo);
    server.walletPay(qr.qrCode());
    await().atMost(Duration.ofSeconds(20)).until(() -> payonce.query(orderNo).paid());
    OrderQuery paid = payonce.query(orderNo);
    Refund refund = payonce.refund(orderNo, "half_" + orderNo.replace('-', '_'), "10.00", "half");
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> !payonce.refund(orderNo, refund.outRequestNo()).pending());

    assertThat(created.status()).isEqualTo("CREATED");
    assertThat(created.amount()).isEqualTo("20.00");
    assertThat(session.orderNo()).isEqualTo(orderNo);
    assertThat(session.url()).startsWith("/cashier/");
    assertThat(qr.qrCode()).isNotBlank();
    assertThat(paid.orderStatus()).isEqualTo("PAID");
    assertThat(paid.payment().outTradeNo()).isEqualTo(qr.outTradeNo());
    assertThat(paid.payment().tradeNo()).isNotBlank();
    assertThat(payonce.refunds(orderNo))
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.amount()).isEqualTo("10.00");
              assertThat(r.status()).isEqualTo("SUCCESS");
              assertThat(r.outTradeNo()).isEqualTo(qr.outTradeNo());
            });
    Order after = payonce.getOrder(orderNo);
    assertThat(after.status()).isEqualTo("PARTIALLY_REFUNDED");
    assertThat(after.paidBy()).isEqualTo(qr.outTradeNo());
    assertThat(payonce.getPayment(qr.outTradeNo()).status()).isEqualTo("SUCCESS");
  }

  @Test
  void takesAWechatPayment() {
    String orderNo = orderNo("wechat");
    payonce.createOrder(NewOrder.cny(orderNo, "user-2", "3.00", "Coffee"));

    QrCode qr = payonce.precreate(Channel.WECHAT, orderNo);
    server.walletPay(qr.qrCode());

    await().atMost(Duration.ofSeconds(20)).until(() -> payonce.query(orderNo).paid());
    assertThat(payonce.getOrder(orderNo).payments())
        .singleElement()
        .satisfies(p -> assertThat(p.channel()).isEqualTo("WECHAT"));
  }

  @Test
  void takesAnAppPaymentThroughItsHandoffAskedTwice() {
    String orderNo = orderNo("app");
    payonce.createOrder(NewOrder.cny(orderNo, "user-1", "8.80", "Oolong"));

    Handoff first = payonce.handOff(Channel.ALIPAY, Product.APP, orderNo, Buyer.none());
    Handoff again = payonce.handOff(Channel.ALIPAY, Product.APP, orderNo, Buyer.none());
    server.alipayAppPay(first.handoff().encoded());
    await().atMost(Duration.ofSeconds(20)).until(() -> payonce.query(orderNo).paid());

    assertThat(first.kind()).isEqualTo("APP");
    assertThat(first.handoff().type()).isEqualTo("app");
    assertThat(first.handoff().encoded()).contains("alipay.trade.app.pay");
    assertThat(again).isEqualTo(first);
    assertThat(payonce.query(orderNo).payment().outTradeNo()).isEqualTo(first.outTradeNo());
  }

  @Test
  void handsAWebPageAndABridgeAndSwitchesBetweenThem() {
    String orderNo = orderNo("online");
    payonce.createOrder(NewOrder.cny(orderNo, "user-1", "6.60", "Puer"));

    Handoff page =
        payonce.handOff(
            Channel.ALIPAY,
            Product.WEB,
            orderNo,
            Buyer.returningTo("https://shop.example/orders/" + orderNo));
    Handoff bridge =
        payonce.handOff(Channel.WECHAT, Product.JSAPI, orderNo, Buyer.known("o-buyer-1"));

    assertThat(page.handoff().type()).isEqualTo("redirect");
    assertThat(page.handoff().url()).contains("alipay.trade.page.pay");
    assertThat(bridge.kind()).isEqualTo("JSAPI");
    assertThat(bridge.handoff().type()).isEqualTo("bridge");
    assertThat(bridge.handoff().params()).containsKeys("appId", "package", "paySign");
    assertThat(bridge.outTradeNo()).isNotEqualTo(page.outTradeNo());
    // The page's payment was closed before the bridge's opened: one payable at a time.
    assertThat(payonce.getPayment(page.outTradeNo()).status()).isEqualTo("CLOSED");
    assertThatThrownBy(() -> payonce.handOff(Channel.WECHAT, Product.JSAPI, orderNo, Buyer.none()))
        .isInstanceOf(ValidationException.class);
  }

  @Test
  void anUnknownOrderIsNotFound() {
    String orderNo = orderNo("none");

    assertThatThrownBy(() -> payonce.getOrder(orderNo))
        .isInstanceOfSatisfying(
            NotFoundException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.slug()).isEqualTo("not-found");
              assertThat(e.type()).hasToString("https://payonce.io/problems/not-found");
            });
  }

  @Test
  void theSameNumberWithOtherFieldsIsAConflict() {
    String orderNo = orderNo("conflict");
    payonce.createOrder(NewOrder.cny(orderNo, "user-3", "5.00", "One"));

    Order again = payonce.createOrder(NewOrder.cny(orderNo, "user-3", "5.00", "One"));

    assertThat(again.orderNo()).isEqualTo(orderNo);
    assertThatThrownBy(() -> payonce.createOrder(NewOrder.cny(orderNo, "user-3", "6.00", "One")))
        .isInstanceOfSatisfying(
            ConflictException.class,
            e -> {
              assertThat(e.status()).isEqualTo(409);
              assertThat(e.slug()).isEqualTo("conflict");
            });
  }

  @Test
  void closingAPaidOrderIsAConflictThatNamesItsStatus() {
    String orderNo = orderNo("paidclose");
    payonce.createOrder(NewOrder.cny(orderNo, "user-4", "1.00", "Paid"));
    server.walletPay(payonce.precreate(Channel.ALIPAY, orderNo).qrCode());
    await().atMost(Duration.ofSeconds(20)).until(() -> payonce.query(orderNo).paid());

    assertThatThrownBy(() -> payonce.closeOrder(orderNo))
        .isInstanceOfSatisfying(
            ConflictException.class,
            e -> {
              assertThat(e.slug()).isEqualTo("order-paid");
              assertThat(e.properties()).containsEntry("orderStatus", "PAID");
            });
    assertThatThrownBy(() -> payonce.refund(orderNo, "too_much", "2.00", null))
        .isInstanceOfSatisfying(
            UnprocessableException.class,
            e -> {
              assertThat(e.status()).isEqualTo(422);
              assertThat(e.slug()).isEqualTo("refund-exceeds-payment");
            });
  }

  @Test
  void anUnpaidOrderCloses() {
    String orderNo = orderNo("close");
    payonce.createOrder(NewOrder.cny(orderNo, "user-5", "1.00", "Unpaid"));

    ClosedOrder closed = payonce.closeOrder(orderNo);

    assertThat(closed.orderStatus()).isEqualTo("CLOSED");
    assertThatThrownBy(() -> payonce.precreate(Channel.ALIPAY, orderNo))
        .isInstanceOfSatisfying(
            ConflictException.class, e -> assertThat(e.slug()).isEqualTo("order-closed"));
  }

  @Test
  void invalidFieldsAreAValidationProblemNamingThem() {
    assertThatThrownBy(() -> payonce.createOrder(NewOrder.cny("bad no", "user-6", "1.234", null)))
        .isInstanceOfSatisfying(
            ValidationException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.slug()).isEqualTo("validation");
              assertThat(e.errors())
                  .extracting(PayOnceProblemException.FieldError::field)
                  .contains("orderNo", "amount");
              // A log line says what to fix.
              assertThat(e.getMessage()).contains("orderNo: ", "amount: ");
            });
  }

  @Test
  void aRefundNumberTheOrderDoesNotHaveIsNotFoundWithTheServersType() {
    String orderNo = orderNo("norefund");
    payonce.createOrder(NewOrder.cny(orderNo, "user-8", "1.00", "No refund"));

    assertThatThrownBy(() -> payonce.refund(orderNo, "never_made"))
        .isInstanceOfSatisfying(
            NotFoundException.class,
            e -> {
              assertThat(e.slug()).isEqualTo("not-found");
              assertThat(e.type()).hasToString("https://payonce.io/problems/not-found");
            });
  }

  @Test
  void theRefundConstantsAreTheServersStatusesAndKinds() {
    // The client's constants are the server's statuses, so a caller's switch cannot miss one.
    assertThat(java.util.List.of(Refund.PENDING, Refund.SUCCESS, Refund.FAIL))
        .containsExactlyElementsOf(
            java.util.Arrays.stream(io.payonce.server.refund.RefundStatus.values())
                .map(Enum::name)
                .toList());
    assertThat(java.util.List.of(Refund.MERCHANT, Refund.DUPLICATE, Refund.REVERSAL))
        .containsExactlyElementsOf(
            java.util.Arrays.stream(io.payonce.server.refund.RefundKind.values())
                .map(Enum::name)
                .toList());
  }

  @Test
  void aWrongSecretIsUnauthorized() {
    PayOnceClient impostor =
        PayOnceClient.builder()
            .baseUrl(server.baseUrl())
            .appId(EmbeddedServer.APP_ID)
            .secret("not-the-secret")
            .build();

    assertThatThrownBy(() -> impostor.getOrder(orderNo("any")))
        .isInstanceOfSatisfying(
            UnauthorizedException.class,
            e -> {
              assertThat(e.status()).isEqualTo(401);
              assertThat(e.slug()).isEqualTo("app-unauthorized");
            });
  }

  @Test
  void aClockOutsideTheWindowIsUnauthorized() {
    PayOnceClient late =
        PayOnceClient.builder()
            .baseUrl(server.baseUrl())
            .appId(EmbeddedServer.APP_ID)
            .secret(EmbeddedServer.SECRET)
            .clock(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10)))
            .build();

    assertThatThrownBy(() -> late.getOrder(orderNo("late")))
        .isInstanceOf(UnauthorizedException.class);
  }

  @Test
  void verifiesARealWebhookAndRefusesATamperedOrLateOne() {
    String orderNo = orderNo("hook");
    payonce.createOrder(NewOrder.cny(orderNo, "user-7", "8.00", "Hooked"));
    server.walletPay(payonce.precreate(Channel.ALIPAY, orderNo).qrCode());
    // During a rotation the verifier holds the new secret and the old one.
    WebhookVerifier verifier =
        WebhookVerifier.builder()
            .secret("whsec-retired")
            .secret(EmbeddedServer.WEBHOOK_SECRET)
            .build();

    Delivery delivery =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    server.webhooks().deliveries().stream()
                        .filter(d -> new String(d.body()).contains("\"OrderPaid\""))
                        .filter(d -> new String(d.body()).contains(orderNo))
                        .findFirst()
                        .orElse(null),
                d -> d != null);
    WebhookEvent event = verifier.verify(delivery.signature(), delivery.body());

    assertThat(event.type()).isEqualTo("OrderPaid");
    assertThat(event.orderNo()).isEqualTo(orderNo);
    assertThat(event.amount()).isEqualTo("8.00");
    assertThat(event.eventId()).isEqualTo(delivery.eventId());
    assertThat(
            eventSchema("OrderPaid")
                .validate(new String(delivery.body(), StandardCharsets.UTF_8), InputFormat.JSON))
        .as("the delivery against the document's schema of OrderPaid, data included")
        .isEmpty();
    assertThat(event.data().path("outTradeNo").asString()).isEqualTo(event.outTradeNo());
    assertThat(event.data().path("status").asString()).isEqualTo("PAID");
    byte[] tampered = new String(delivery.body()).replace("\"8.00\"", "\"0.01\"").getBytes();
    assertThatThrownBy(() -> verifier.verify(delivery.signature(), tampered))
        .isInstanceOf(WebhookVerificationException.class);
    WebhookVerifier later =
        WebhookVerifier.builder()
            .secret(EmbeddedServer.WEBHOOK_SECRET)
            .clock(Clock.offset(Clock.system(ZoneOffset.UTC), Duration.ofMinutes(6)))
            .build();
    assertThatThrownBy(() -> later.verify(delivery.signature(), delivery.body()))
        .isInstanceOf(WebhookVerificationException.class)
        .hasMessageContaining("timestamp");
    WebhookVerifier stranger = WebhookVerifier.builder().secret("whsec-someone-else").build();
    assertThatThrownBy(() -> stranger.verify(delivery.signature(), delivery.body()))
        .isInstanceOf(WebhookVerificationException.class);
  }

  /**
   * The schema the OpenAPI document gives the event type's webhook body (the envelope with the
   * type's own data), as a JSON Schema carrying the document's components.
   */
  private static Schema eventSchema(String type) {
    JsonNode document = server.apiDocument();
    String ref =
        document
            .at("/webhooks/" + type + "/post/requestBody/content/application~1json/schema/$ref")
            .asString();
    assertThat(ref).isEqualTo("#/components/schemas/" + type + "Event");
    ObjectNode root = JsonMapper.builder().build().createObjectNode();
    root.put("$schema", SpecificationVersion.DRAFT_2020_12.getDialectId());
    root.put("$ref", ref);
    root.set("components", document.path("components"));
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(root);
  }

  static String orderNo(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
  }
}
