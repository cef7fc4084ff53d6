package io.payonce.server.cashier.web;

import io.payonce.server.app.AppProperties;
import io.payonce.server.cashier.CheckoutSession;
import io.payonce.server.cashier.CheckoutSessions;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderCreation;
import io.payonce.server.order.OrderService;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The demo shop, there only with the sandbox: one form that creates an order and opens its cashier.
 * Its {@code POST /shop/orders} plays the merchant's backend (which would call the signed {@code
 * POST /api/orders} and {@code POST /api/orders/{orderNo}/checkout}) as the shop's app, so the
 * browser holds no app secret, and sends the buyer to the checkout session's cashier. The order
 * number is chosen when the form is drawn, so submitting twice names the same order and the second
 * answer is the first order.
 */
@Controller
@ConditionalOnProperty(prefix = "payonce.sandbox", name = "enabled", havingValue = "true")
class ShopController {

  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);

  static final String BUYER = "demo-buyer";

  private final Clock clock;
  private final OrderService orders;
  private final CheckoutSessions sessions;
  private final String appId;

  ShopController(
      Clock clock,
      OrderService orders,
      CheckoutSessions sessions,
      AppProperties apps,
      @Value("${payonce.shop.app-id:}") String appId) {
    this.clock = clock;
    this.orders = orders;
    this.sessions = sessions;
    this.appId = shopApp(apps, appId);
  }

  /** The app the shop sells as: payonce.shop.app-id, else the demo app, else the bootstrap app. */
  private static String shopApp(AppProperties apps, String configured) {
    if (!configured.isBlank()) {
      return configured;
    }
    if (apps.demo()) {
      return AppProperties.DEMO_APP_ID;
    }
    return apps.bootstrap() == null || apps.bootstrap().id() == null
        ? AppProperties.DEMO_APP_ID
        : apps.bootstrap().id();
  }

  /** Creates the form's order (or finds it again) and says where its cashier is. */
  @PostMapping(
      path = "/shop/orders",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  ResponseEntity<Map<String, String>> order(@RequestBody ShopOrderRequest request) {
    NewOrder order;
    try {
      order =
          new NewOrder(
              appId,
              request.orderNo(),
              BUYER,
              Money.parse(request.amount(), "CNY"),
              request.title() == null ? null : request.title().strip());
    } catch (IllegalArgumentException e) {
      throw new InvalidRequestException(
          List.of(new FieldViolation("form", "Give an amount such as 12.34 and a title.")));
    }
    OrderCreation creation = orders.create(order);
    CheckoutSession session = sessions.open(creation.order().ref());
    return ResponseEntity.status(creation.created() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(Map.of("cashierUrl", session.path()));
  }

  @GetMapping(path = "/", produces = MediaType.TEXT_HTML_VALUE)
  String shop(Model model) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    model.addAttribute("orderNo", "DEMO-" + DAY.format(clock.instant()) + "-" + suffix);
    return "shop";
  }
}
