package io.payonce.server.app.web;

import io.payonce.server.app.CallingApp;
import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** A verified signed request: its principal is the {@link CallingApp}. */
final class AppAuthentication extends AbstractAuthenticationToken {

  static final String ROLE = "APP";

  private final CallingApp app;

  AppAuthentication(CallingApp app) {
    super(List.of(new SimpleGrantedAuthority("ROLE_" + ROLE)));
    this.app = app;
    setAuthenticated(true);
  }

  @Override
  public Object getCredentials() {
    return "";
  }

  @Override
  public CallingApp getPrincipal() {
    return app;
  }
}
