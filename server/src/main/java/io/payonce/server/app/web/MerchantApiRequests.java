package io.payonce.server.app.web;

import io.payonce.server.channel.ChannelCallback;
import io.payonce.server.web.RequestPaths;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The merchant API: every path under {@code /api/} and {@code /pay/} but the channels' callbacks,
 * which each adapter declares as a {@link ChannelCallback} and verifies with the channel's own
 * signature (Alipay's notify, WeChat Pay's).
 */
final class MerchantApiRequests implements RequestMatcher {

  static final List<String> PREFIXES = List.of("/api/", "/pay/");

  private final List<ChannelCallback> callbacks;

  MerchantApiRequests(List<ChannelCallback> callbacks) {
    this.callbacks = List.copyOf(callbacks);
  }

  @Override
  public boolean matches(HttpServletRequest request) {
    String path = RequestPaths.routed(request);
    return PREFIXES.stream().anyMatch(path::startsWith)
        && callbacks.stream().noneMatch(callback -> callback.covers(path));
  }
}
