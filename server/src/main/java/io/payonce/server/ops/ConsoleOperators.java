package io.payonce.server.ops;

import io.payonce.server.operator.Operator;
import io.payonce.server.operator.OperatorRole;
import io.payonce.server.operator.Operators;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Who may sign in: the bootstrap admin of {@code payonce.ops.*} first — it lives in the
 * configuration, so a console whose stored admins were all disabled can still be entered — then the
 * operators stored in the database, with their role. A disabled operator is known but refused.
 */
class ConsoleOperators implements UserDetailsService {

  // What User.roles(...) puts before each role.
  private static final String ROLE_PREFIX = "ROLE_";

  private final OpsProperties props;
  private final String bootstrapPassword;
  private final Operators operators;

  ConsoleOperators(OpsProperties props, Operators operators, PasswordEncoder encoder) {
    this.props = props;
    this.operators = operators;
    this.bootstrapPassword =
        !props.configured() || props.password().startsWith("{")
            ? props.password()
            : encoder.encode(props.password());
  }

  /** Whether the name is the bootstrap admin's, which no stored operator may take. */
  boolean isBootstrap(String username) {
    return props.configured() && props.username().equals(username);
  }

  /**
   * Whether a signed-in session's authorities are still what its operator has: the bootstrap admin
   * always, a stored operator only while it exists, is enabled and has the role the session holds.
   */
  boolean stillGrants(Authentication signedIn) {
    String username = signedIn.getName();
    if (isBootstrap(username)) {
      return true;
    }
    // Roles only: the authentication also holds the factors it was made with (FACTOR_PASSWORD).
    Set<String> held =
        AuthorityUtils.authorityListToSet(signedIn.getAuthorities()).stream()
            .filter(authority -> authority.startsWith(ROLE_PREFIX))
            .collect(Collectors.toSet());
    return operators
        .find(username)
        .filter(Operator::enabled)
        .map(operator -> held.equals(Set.of(ROLE_PREFIX + operator.role().name())))
        .orElse(false);
  }

  @Override
  public UserDetails loadUserByUsername(String username) {
    if (!props.configured()) {
      throw new UsernameNotFoundException("console closed");
    }
    if (isBootstrap(username)) {
      return User.withUsername(username)
          .password(bootstrapPassword)
          .roles(OperatorRole.ADMIN.name())
          .build();
    }
    Operator operator =
        operators
            .find(username)
            .orElseThrow(() -> new UsernameNotFoundException("no such operator"));
    return User.withUsername(operator.username())
        .password(operator.passwordHash())
        .roles(operator.role().name())
        .disabled(!operator.enabled())
        .build();
  }
}
