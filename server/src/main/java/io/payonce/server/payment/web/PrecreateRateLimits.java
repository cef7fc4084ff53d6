package io.payonce.server.payment.web;

import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.web.RateLimitedRoute;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code POST /pay/alipay/precreate} and {@code /pay/wechat/precreate} are rate limited per caller
 * and per buyer: the user of the order it names. A checkout (or another channel's precreate)
 * declares its route the same way.
 */
@Configuration(proxyBeanMethods = false)
class PrecreateRateLimits {

  @Bean
  RateLimitedRoute alipayPrecreateRateLimit(OrderService orders) {
    return route(orders, PrecreateController.ALIPAY_PATH);
  }

  @Bean
  RateLimitedRoute wechatPrecreateRateLimit(OrderService orders) {
    return route(orders, PrecreateController.WECHAT_PATH);
  }

  private static RateLimitedRoute route(OrderService orders, String path) {
    return new RateLimitedRoute(
        "precreate",
        "POST",
        path,
        request ->
            request
                .field("orderNo")
                .filter(orderNo -> NewOrder.ORDER_NO.matcher(orderNo).matches())
                // The limit runs before authentication: the number's oldest order, whichever app.
                .flatMap(orderNo -> orders.findAnyApp(orderNo).stream().findFirst())
                .map(order -> order.appId() + "/" + order.userId()));
  }
}
