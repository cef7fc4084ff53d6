package io.payonce.server.ops;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The operator's chain and the open one. {@code /ops/**} and {@code /actuator/prometheus} need the
 * operator's credential (HTTP Basic, no session); the merchant API has its own chain (signed
 * requests, {@code app.web.ApiSecurity}, order 2); everything else — the buyer's pages, the channel
 * callbacks, {@code /actuator/health} and the sandbox — is open and without CSRF tokens, because
 * those callers are programs (or the channel, which must keep getting its own {@code
 * success}/{@code fail} replies) and carry no cookies we trust.
 */
@Configuration(proxyBeanMethods = false)
class OpsSecurity {

  static final String OPERATOR = "OPERATOR";
  private static final Logger log = LoggerFactory.getLogger(OpsSecurity.class);

  @Bean
  @Order(1)
  SecurityFilterChain opsChain(HttpSecurity http, OpsProperties props) throws Exception {
    if (!props.configured()) {
      log.warn("ops console closed: set payonce.ops.password to open /ops");
    }
    OpsProblemReplies replies = new OpsProblemReplies();
    http.securityMatcher("/ops/**", "/actuator/prometheus");
    if (props.configured()) {
      http.authorizeHttpRequests(requests -> requests.anyRequest().hasRole(OPERATOR))
          .httpBasic(basic -> basic.authenticationEntryPoint(replies))
          .exceptionHandling(
              errors -> errors.authenticationEntryPoint(replies).accessDeniedHandler(replies));
    } else {
      http.authorizeHttpRequests(requests -> requests.anyRequest().denyAll())
          .exceptionHandling(
              errors ->
                  errors
                      .authenticationEntryPoint((request, response, e) -> replies.closed(response))
                      .accessDeniedHandler(replies));
    }
    // A cross-site form cannot send JSON without a CORS preflight, which /ops never allows: JSON
    // requests carry no CSRF risk even though browsers replay cached Basic credentials.
    http.csrf(csrf -> csrf.ignoringRequestMatchers(OpsSecurity::isJson));
    return http.sessionManagement(
            session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .requestCache(cache -> cache.disable())
        .build();
  }

  private static boolean isJson(jakarta.servlet.http.HttpServletRequest request) {
    String type = request.getContentType();
    return type != null
        && org.springframework.http.MediaType.APPLICATION_JSON.isCompatibleWith(
            org.springframework.http.MediaType.parseMediaType(type));
  }

  @Bean
  @Order(10)
  SecurityFilterChain openChain(HttpSecurity http) throws Exception {
    return http.authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
        .csrf(csrf -> csrf.disable())
        .sessionManagement(
            session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
        .requestCache(cache -> cache.disable())
        .build();
  }

  @Bean
  UserDetailsService operators(OpsProperties props) {
    if (!props.configured()) {
      return new InMemoryUserDetailsManager();
    }
    PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();
    String password =
        props.password().startsWith("{") ? props.password() : encoder.encode(props.password());
    return new InMemoryUserDetailsManager(
        User.withUsername(props.username()).password(password).roles(OPERATOR).build());
  }
}
