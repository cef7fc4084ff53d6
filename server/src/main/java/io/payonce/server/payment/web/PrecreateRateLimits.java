package io.payonce.server.payment.web;

import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.web.RateLimitedRoute;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@code POST /pay/alipay/precreate} and {@code /pay/wechat/precreate} are rate limited per app and
 * per buyer: the user of the app's order it names.
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
