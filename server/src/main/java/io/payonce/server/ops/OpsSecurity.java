package io.payonce.server.ops;

import io.payonce.server.operator.OperatorRole;
import io.payonce.server.operator.Operators;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.access.hierarchicalroles.RoleHierarchyImpl;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandlerImpl;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.context.SecurityContextHolderFilter;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.util.matcher.AnyRequestMatcher;
import org.springframework.security.web.util.matcher.MediaTypeRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The operator's chain and the open one.
 *
 * <p>{@code /ops/**} and {@code /actuator/prometheus} need an operator: people sign in with the
 * form at {@code /ops/login} (a session, CSRF tokens on every form post), programs send HTTP Basic
 * (no session). A browser that is not signed in is sent to the form; a program gets 401 with a
 * Basic challenge. Reading needs any role; any other method needs {@code OPERATOR}; {@code
 * /ops/operators/**} and {@code /ops/api/apps/**} need {@code ADMIN} (admin includes operator,
 * operator includes viewer).
 *
 * <p>The merchant API has its own chain (signed requests, {@code app.web.ApiSecurity}, order 2);
 * everything else — the buyer's pages, the channel callbacks, {@code /actuator/health} and the
 * sandbox — is open and without CSRF tokens, because those callers are programs (or the channel,
 * which must keep getting its own {@code success}/{@code fail} replies) and carry no cookies we
 * trust.
 */
@Configuration(proxyBeanMethods = false)
class OpsSecurity {

  static final String LOGIN = "/ops/login";
  static final String DENIED = "/ops/denied";
  private static final Logger log = LoggerFactory.getLogger(OpsSecurity.class);

  @Bean
  @Order(1)
  SecurityFilterChain opsChain(
      HttpSecurity http, OpsProperties props, ConsoleOperators consoleOperators) throws Exception {
    OpsProblemReplies replies = new OpsProblemReplies();
    http.securityMatcher("/ops/**", "/actuator/prometheus");
    if (!props.configured()) {
      log.warn("ops console closed: set payonce.ops.password to open /ops");
      return http.authorizeHttpRequests(requests -> requests.anyRequest().denyAll())
          .exceptionHandling(
              errors ->
                  errors
                      .authenticationEntryPoint((request, response, e) -> replies.closed(response))
                      .accessDeniedHandler(replies))
          .sessionManagement(
              session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
          .build();
    }
    String viewer = OperatorRole.VIEWER.name();
    String operator = OperatorRole.OPERATOR.name();
    String admin = OperatorRole.ADMIN.name();
    http.authorizeHttpRequests(
        requests ->
            requests
                // The refusal page too: a post without CSRF token is refused signed in or not.
                .requestMatchers(LOGIN, DENIED)
                .permitAll()
                .requestMatchers("/ops/operators/**", "/ops/api/apps/**", "/ops/apps/**")
                .hasRole(admin)
                .requestMatchers(HttpMethod.GET, "/ops/**", "/actuator/prometheus")
                .hasRole(viewer)
                .requestMatchers(HttpMethod.HEAD, "/ops/**")
                .hasRole(viewer)
                .anyRequest()
                .hasRole(operator));
    RequestMatcher browser = browsers();
    AccessDeniedHandlerImpl deniedPage = new AccessDeniedHandlerImpl();
    deniedPage.setErrorPage(DENIED);
    http.formLogin(
            form ->
                form.loginPage(LOGIN)
                    .loginProcessingUrl(LOGIN)
                    .defaultSuccessUrl("/ops", true)
                    .failureUrl(LOGIN + "?error")
                    .permitAll())
        .logout(logout -> logout.logoutUrl("/ops/logout").logoutSuccessUrl(LOGIN + "?logout"))
        .httpBasic(basic -> basic.authenticationEntryPoint(replies))
        .exceptionHandling(
            errors ->
                errors
                    .defaultAuthenticationEntryPointFor(
                        new LoginUrlAuthenticationEntryPoint(LOGIN), browser)
                    .defaultAuthenticationEntryPointFor(replies, AnyRequestMatcher.INSTANCE)
                    .defaultAccessDeniedHandlerFor(deniedPage, browser)
                    .defaultAccessDeniedHandlerFor(replies, AnyRequestMatcher.INSTANCE));
    // Every form post carries the session's CSRF token (Thymeleaf's th:action adds it). A JSON
    // request needs none: a cross-site form cannot send JSON without a CORS preflight, which /ops
    // never allows — so programs calling with Basic and JSON, and the pages' own fetch() calls,
    // carry no CSRF risk even though browsers replay cached Basic credentials.
    // The token's copy lives in a cookie (HttpOnly, the console's path), not in the session: an
    // anonymous sign-in page then writes nothing to the database, and only signing in makes a
    // session row. A cross-site form cannot read the cookie to copy it into its post.
    CookieCsrfTokenRepository tokens = new CookieCsrfTokenRepository();
    tokens.setCookiePath("/ops");
    http.csrf(
        csrf -> csrf.csrfTokenRepository(tokens).ignoringRequestMatchers(OpsSecurity::isJson));
    // A session grants only what its operator still has: read again on every request.
    http.addFilterAfter(
        new SessionAccessCheck(consoleOperators), SecurityContextHolderFilter.class);
    return http.sessionManagement(
            session -> session.sessionCreationPolicy(SessionCreationPolicy.IF_REQUIRED))
        .requestCache(cache -> cache.disable())
        .build();
  }

  /** Requests from a browser's address bar or form: they ask for HTML. */
  private static RequestMatcher browsers() {
    MediaTypeRequestMatcher html = new MediaTypeRequestMatcher(MediaType.TEXT_HTML);
    html.setIgnoredMediaTypes(java.util.Set.of(MediaType.ALL));
    return html;
  }

  private static boolean isJson(HttpServletRequest request) {
    String type = request.getContentType();
    return type != null
        && MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(type));
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
  static RoleHierarchy roleHierarchy() {
    return RoleHierarchyImpl.fromHierarchy(OperatorRole.hierarchy());
  }

  @Bean
  ConsoleOperators consoleOperators(
      OpsProperties props, Operators operators, PasswordEncoder encoder) {
    return new ConsoleOperators(props, operators, encoder);
  }
}
