package io.payonce.server.cashier.web;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The demo shop: one form that creates an order through {@code POST /api/orders} and opens its
 * cashier. The order number is chosen when the form is drawn, so submitting twice names the same
 * order and the orders API answers the second time with the first order.
 */
@Controller
class ShopController {

  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);

  private final Clock clock;

  ShopController(Clock clock) {
    this.clock = clock;
  }

  @GetMapping(path = "/", produces = MediaType.TEXT_HTML_VALUE)
  String shop(Model model) {
    String suffix = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    model.addAttribute("orderNo", "DEMO-" + DAY.format(clock.instant()) + "-" + suffix);
    return "shop";
  }
}
