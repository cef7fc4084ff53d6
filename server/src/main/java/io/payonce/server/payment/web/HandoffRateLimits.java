package io.payonce.server.payment.web;

import io.payonce.server.channel.PaymentKind;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.web.RateLimitedRoute;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code POST /pay/{channel}/web} and {@code /pay/{channel}/mobile-web} are rate limited per app
 * and per buyer (the user of the app's order they name), as QR codes are, in one bucket for both.
 */
@Configuration(proxyBeanMethods = false)
class HandoffRateLimits {

  /** The verbs of the kinds whose route is {@link HandoffController}'s, as a regex alternation. */
  static final String HANDOFF_VERBS =
      java.util.Arrays.stream(PaymentKind.values())
          .filter(kind -> kind.redirects() || kind.bridges())
          .map(PaymentKind::verb)
          .collect(java.util.stream.Collectors.joining("|"));

  @Bean
  RateLimitedRoute handoffRateLimit(OrderService orders) {
    return new RateLimitedRoute(
        "handoff",
        "POST",
        "/pay/{channel}/{verb:" + HANDOFF_VERBS + "}",
        request ->
            request
                .app()
                .flatMap(
                    app ->
                        request
                            .field("orderNo")
                            .filter(orderNo -> NewOrder.ORDER_NO.matcher(orderNo).matches())
                            .flatMap(orderNo -> orders.find(new OrderRef(app, orderNo))))
                .map(order -> order.appId() + "/" + order.userId()));
  }
}
