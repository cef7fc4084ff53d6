package io.payonce.server.app.web;

import io.payonce.server.app.AppProperties;
import io.payonce.server.app.Apps;
import io.payonce.server.app.NonceStore;
import io.payonce.server.channel.ChannelCallback;
import java.time.Clock;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AuthenticationFilter;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.util.unit.DataSize;

/**
 * The merchant API's filter chain (after the operator's, before the open one): every request must
 * be signed by an active app. Built from Spring Security's {@link AuthenticationFilter} with our
 * {@link SignedRequestConverter} and {@link SignedRequestAuthenticationProvider}; stateless, no
 * CSRF (callers are programs that carry no cookies).
 */
@Configuration(proxyBeanMethods = false)
class ApiSecurity {

  @Bean
  @Order(2)
  SecurityFilterChain merchantApiChain(
      HttpSecurity http,
      Apps apps,
      NonceStore nonces,
      AppProperties props,
      List<ChannelCallback> callbacks,
      @Value("${payonce.limits.max-body:16KB}") DataSize maxBody)
      throws Exception {
    ApiProblemReplies replies = new ApiProblemReplies();
    AuthenticationFilter signed =
        new AuthenticationFilter(
            new ProviderManager(
                new SignedRequestAuthenticationProvider(
                    apps, nonces, props.window(), Clock.systemUTC())),
            new SignedRequestConverter(Math.toIntExact(maxBody.toBytes())));
    signed.setSuccessHandler((request, response, authentication) -> {});
    signed.setFailureHandler(replies);
    return http.securityMatcher(new MerchantApiRequests(callbacks))
        .addFilterAt(signed, BasicAuthenticationFilter.class)
        .authorizeHttpRequests(requests -> requests.anyRequest().hasRole(AppAuthentication.ROLE))
        .exceptionHandling(
            errors -> errors.authenticationEntryPoint(replies).accessDeniedHandler(replies))
        .csrf(csrf -> csrf.disable())
        .sessionManagement(
            session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .requestCache(cache -> cache.disable())
        .build();
  }
}
