package io.payonce.server.app;

import java.util.Objects;

/**
 * The app a request was authenticated as: the principal of a verified signed request, which the
 * HTTP adapters hand to the domain as the owner of what the request reads or writes.
 *
 * @param appId the app's identifier
 */
public record CallingApp(String appId) {

  public CallingApp {
    Objects.requireNonNull(appId, "appId");
  }
}
