package io.payonce.server.cashier.web;

import io.payonce.server.cashier.CheckoutSessions;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.web.RateLimitedRoute;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The routes that open sessions and codes for a buyer are rate limited per caller and per buyer:
 * opening a checkout session (per app, and per the user of the order) and the cashier's pay click
 * (per client address — no app signs the buyer's page — and per the user of the session's order, so
 * that new sessions for the same buyer do not start a new bucket), and the return from a channel's
 * sign-in, which asks the channel.
 */
@Configuration(proxyBeanMethods = false)
class CashierRateLimits {

  @Bean
  RateLimitedRoute checkoutRateLimit(OrderService orders) {
    return new RateLimitedRoute(
        "checkout",
        "POST",
        "/api/orders/{orderNo}/checkout",
        request ->
            request
                .app()
                .flatMap(
                    app ->
                        request
                            .variable("orderNo")
                            .filter(orderNo -> NewOrder.ORDER_NO.matcher(orderNo).matches())
                            .flatMap(orderNo -> orders.find(new OrderRef(app, orderNo))))
                .map(CashierRateLimits::buyer));
  }

  @Bean
  RateLimitedRoute cashierPayRateLimit(CheckoutSessions sessions, OrderService orders) {
    return new RateLimitedRoute(
        "cashier-pay",
        "POST",
        "/cashier/{token}/pay",
        request ->
            request
                .variable("token")
                .flatMap(sessions::order)
                .flatMap(orders::find)
                .map(CashierRateLimits::buyer));
  }

  /**
   * The return from a channel's sign-in asks the channel about its code: limited as the pay click
   * is, so that made-up returns (anyone can send a cookie and a state of their own) cannot turn the
   * route into a stream of calls to the channel.
   */
  @Bean
  RateLimitedRoute cashierSignedInRateLimit(CheckoutSessions sessions, OrderService orders) {
    return new RateLimitedRoute(
        "cashier-sign-in",
        "GET",
        "/cashier/{token}/signed-in/{channel}",
        request ->
            request
                .variable("token")
                .flatMap(sessions::order)
                .flatMap(orders::find)
                .map(CashierRateLimits::buyer));
  }

  private static String buyer(Order order) {
    return order.appId() + "/" + order.userId();
  }
}
