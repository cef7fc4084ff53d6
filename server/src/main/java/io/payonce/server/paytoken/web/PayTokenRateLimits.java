package io.payonce.server.paytoken.web;

import io.payonce.server.web.RateLimitedRoute;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code GET /api/pay/get-token} is rate limited per app and per buyer (the app's userId). */
@Configuration(proxyBeanMethods = false)
class PayTokenRateLimits {

  @Bean
  RateLimitedRoute getTokenRateLimit() {
    return new RateLimitedRoute(
        "get-token",
        "GET",
        "/api/pay/get-token",
        request ->
            request
                .app()
                .flatMap(app -> request.parameter("userId").map(user -> app + "/" + user)));
  }
}
