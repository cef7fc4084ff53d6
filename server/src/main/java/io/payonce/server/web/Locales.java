package io.payonce.server.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.i18n.LocaleContext;
import org.springframework.context.i18n.SimpleLocaleContext;
import org.springframework.context.i18n.TimeZoneAwareLocaleContext;
import org.springframework.web.servlet.LocaleResolver;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.i18n.CookieLocaleResolver;
import org.springframework.web.servlet.i18n.LocaleChangeInterceptor;

/**
 * The pages' language — the console's and the cashier's: English or Simplified Chinese. The
 * browser's Accept-Language decides until the person picks one with {@code ?lang=en} or {@code
 * ?lang=zh_CN}, which a cookie then remembers. Anything else is English, the default. The texts are
 * {@code messages.properties} and {@code messages_zh_CN.properties}; the JSON API's problems stay
 * in English (programs read them). A cookie that names no language we have is ignored, as if
 * absent.
 */
@Configuration(proxyBeanMethods = false)
class Locales implements WebMvcConfigurer {

  static final List<Locale> SUPPORTED = List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE);
  static final String COOKIE = "payonce-lang";

  @Bean
  LocaleResolver localeResolver() {
    CookieLocaleResolver resolver = new SupportedLocaleResolver();
    resolver.setCookieMaxAge(Duration.ofDays(365));
    resolver.setCookieHttpOnly(true);
    resolver.setCookieSameSite("Lax");
    resolver.setDefaultLocaleFunction(Locales::fromBrowser);
    // A cookie anyone can write (payonce-lang=%ZZ): Spring's default throws on every route, a 500
    // even on health checks and channel callbacks. Ignored, the browser's languages decide.
    resolver.setRejectInvalidCookies(false);
    return resolver;
  }

  @Override
  public void addInterceptors(InterceptorRegistry registry) {
    LocaleChangeInterceptor change = new LocaleChangeInterceptor();
    change.setParamName("lang");
    change.setIgnoreInvalidLocale(true);
    registry.addInterceptor(change);
  }

  /** The first of the browser's languages we have, else English. */
  static Locale fromBrowser(HttpServletRequest request) {
    if (request.getHeader("Accept-Language") == null) {
      return Locale.ENGLISH;
    }
    for (Locale wanted : Collections.list(request.getLocales())) {
      Locale supported = supported(wanted);
      if (supported != null) {
        return supported;
      }
    }
    return Locale.ENGLISH;
  }

  /** Chinese of any region is the Simplified Chinese texts; English of any region is English. */
  static Locale supported(Locale wanted) {
    return SUPPORTED.stream()
        .filter(locale -> locale.getLanguage().equals(wanted.getLanguage()))
        .findFirst()
        .orElse(null);
  }

  /**
   * Remembers only a language we have: {@code ?lang=fr} changes nothing. And reads only one: the
   * cookie is the client's to write, and {@code payonce-lang=__} or {@code zh_CN_xx} parse to
   * locales no page is written in; those count as no cookie.
   */
  private static final class SupportedLocaleResolver extends CookieLocaleResolver {

    SupportedLocaleResolver() {
      super(COOKIE);
    }

    @Override
    public LocaleContext resolveLocaleContext(HttpServletRequest request) {
      LocaleContext resolved = super.resolveLocaleContext(request);
      // Read when asked, as the resolver's own context is: ?lang= may change it meanwhile.
      return new TimeZoneAwareLocaleContext() {
        @Override
        public Locale getLocale() {
          return onlySupported(resolved.getLocale(), request);
        }

        @Override
        public TimeZone getTimeZone() {
          return resolved instanceof TimeZoneAwareLocaleContext zoned ? zoned.getTimeZone() : null;
        }
      };
    }

    @Override
    public Locale resolveLocale(HttpServletRequest request) {
      return onlySupported(super.resolveLocale(request), request);
    }

    private static Locale onlySupported(Locale locale, HttpServletRequest request) {
      Locale supported = locale == null ? null : supported(locale);
      return supported != null ? supported : fromBrowser(request);
    }

    @Override
    public void setLocaleContext(
        HttpServletRequest request, HttpServletResponse response, LocaleContext context) {
      Locale wanted = context == null ? null : context.getLocale();
      Locale supported = wanted == null ? null : supported(wanted);
      if (supported != null) {
        super.setLocaleContext(request, response, new SimpleLocaleContext(supported));
      }
    }
  }
}
