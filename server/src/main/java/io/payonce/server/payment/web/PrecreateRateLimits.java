package io.payonce.server.payment.web;

import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.web.RateLimitedRoute;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code POST /pay/{channel}/precreate} is rate limited per app and per buyer (the user of the
 * app's order it names), whichever channel it asks.
 */
@Configuration(proxyBeanMethods = false)
class PrecreateRateLimits {

  @Bean
  RateLimitedRoute precreateRateLimit(OrderService orders) {
    return new RateLimitedRoute(
        "precreate",
        "POST",
        PrecreateController.PATH,
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
