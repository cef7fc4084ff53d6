package io.payonce.server.cashier.web;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppProperties;
import io.payonce.server.app.AppStatus;
import io.payonce.server.app.AppView;
import io.payonce.server.cashier.CheckoutSession;
import io.payonce.server.cashier.CheckoutSessions;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderCreation;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.web.OrderRequestValidator;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
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
 * POST /api/orders} and {@code POST /api/orders/{orderNo}/checkout}) as the app the buyer picked —
 * the shop's own by default, or any active app that can take a payment (an account of its own, or
 * the deployment's) — so the browser holds no app secret, and sends the buyer to the checkout
 * session's cashier. Its fields pass the merchant API's own checks ({@link OrderRequestValidator}).
 * The order number is chosen when the form is drawn, so submitting twice names the same order and
 * the second answer is the first order.
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
  private final AppAdmin apps;
  private final OrderRequestValidator validator;
  private final String appId;

  ShopController(
      Clock clock,
      OrderService orders,
      CheckoutSessions sessions,
      AppAdmin apps,
      OrderRequestValidator validator,
      AppProperties properties,
      @Value("${payonce.shop.app-id:}") String appId) {
    this.clock = clock;
    this.orders = orders;
    this.sessions = sessions;
    this.apps = apps;
    this.validator = validator;
    this.appId = shopApp(properties, appId);
  }

  /** An app the shop may sell as, as its select shows it. */
  record ShopApp(String appId, String name) {}

  /**
   * The shop's own app first, then every other active app with a channel to pay through: an account
   * of its own, or the deployment's (the bootstrap app's).
   */
  List<ShopApp> sellers() {
    List<ShopApp> sellers = new ArrayList<>();
    List<AppView> all = apps.list();
    all.stream()
        .filter(app -> app.appId().equals(appId))
        .findFirst()
        .ifPresentOrElse(
            app -> sellers.add(new ShopApp(app.appId(), app.name())),
            () -> sellers.add(new ShopApp(appId, appId)));
    all.stream()
        .filter(app -> !app.appId().equals(appId))
        .filter(app -> app.status() == AppStatus.ACTIVE)
        .filter(
            app -> app.bootstrapChannels() || app.channels().stream().anyMatch(c -> c.current()))
        .forEach(app -> sellers.add(new ShopApp(app.appId(), app.name())));
    return sellers;
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
    String seller = request.appId() == null || request.appId().isBlank() ? appId : request.appId();
    if (sellers().stream().noneMatch(app -> app.appId().equals(seller))) {
      throw new InvalidRequestException(
          List.of(new FieldViolation("appId", "is not an app this shop sells as")));
    }
    NewOrder order =
        validator.validate(
            seller, request.orderNo(), BUYER, request.amount(), "CNY", request.title());
    OrderCreation creation = orders.create(order);
    CheckoutSession session = sessions.open(creation.order().ref());
    return ResponseEntity.status(creation.created() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(Map.of("cashierUrl", session.path()));
  }

  @GetMapping(path = "/", produces = MediaType.TEXT_HTML_VALUE)
  String shop(Model model) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    model.addAttribute("orderNo", "DEMO-" + DAY.format(clock.instant()) + "-" + suffix);
    model.addAttribute("sellers", sellers());
    return "shop";
  }
}
