package io.payonce.server.ops;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The bootstrap admin's credential for {@code /ops/**} (the other operators are stored in the
 * database). There is no default password outside the embedded and test profiles: without one the
 * console stays closed (every request is refused), so a production deployment cannot expose it by
 * forgetting a setting.
 *
 * @param username the operator's user name
 * @param password the operator's password, plain or in Spring Security's {@code {id}encoded} form
 *     (e.g. {@code {bcrypt}$2a$...}); blank closes the console
 */
@ConfigurationProperties("payonce.ops")
public record OpsProperties(@DefaultValue("ops") String username, String password) {

  /** Whether a credential is configured, that is, whether the console is open at all. */
  public boolean configured() {
    return username != null && !username.isBlank() && password != null && !password.isBlank();
  }

  @Override
  public String toString() {
    return "OpsProperties[username=" + username + ", password=" + (configured() ? "***" : "") + "]";
  }
}
