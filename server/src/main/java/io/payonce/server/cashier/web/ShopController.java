package io.payonce.server.cashier.web;

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
 * POST /api/orders}), so the browser holds no app secret. The order number is chosen when the form
 * is drawn, so submitting twice names the same order and the second answer is the first order.
 */
@Controller
@ConditionalOnProperty(prefix = "payonce.sandbox", name = "enabled", havingValue = "true")
class ShopController {

  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);

  static final String BUYER = "demo-buyer";

  private final Clock clock;
  private final OrderService orders;

  ShopController(Clock clock, OrderService orders) {
    this.clock = clock;
    this.orders = orders;
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
              request.orderNo(),
              BUYER,
              Money.parse(request.amount(), "CNY"),
              request.title() == null ? null : request.title().strip());
    } catch (IllegalArgumentException e) {
      throw new InvalidRequestException(
          List.of(new FieldViolation("form", "Give an amount such as 12.34 and a title.")));
    }
    OrderCreation creation = orders.create(order);
    return ResponseEntity.status(creation.created() ? HttpStatus.CREATED : HttpStatus.OK)
        .body(Map.of("cashierUrl", "/cashier/" + creation.order().orderNo()));
  }

  @GetMapping(path = "/", produces = MediaType.TEXT_HTML_VALUE)
  String shop(Model model) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    model.addAttribute("orderNo", "DEMO-" + DAY.format(clock.instant()) + "-" + suffix);
    return "shop";
  }
}
