package io.payonce.server.app;

import java.security.Principal;
import java.util.Objects;

/**
 * The app a request was authenticated as: the principal of a verified signed request, which the
 * HTTP adapters hand to the domain as the owner of what the request reads or writes. A {@link
 * Principal} named by the app's id, so that shared filters (rate limits) can key on it without
 * knowing apps.
 *
 * @param appId the app's identifier
 */
public record CallingApp(String appId) implements Principal {

  public CallingApp {
    Objects.requireNonNull(appId, "appId");
  }

  @Override
  public String getName() {
    return appId;
  }
}
