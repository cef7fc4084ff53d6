package io.payonce.server.operator;

import io.payonce.server.operator.OperatorAction.Kind;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;

/**
 * The stored operators. Every change is made by an admin and recorded as an {@link OperatorAction}:
 * the record before the change, its result after (each write commits on its own, so that a refused
 * insert on PostgreSQL does not spoil the record of its refusal). Passwords are hashed by the
 * application's {@link PasswordEncoder} (Spring Security's delegating encoder: bcrypt, and any
 * older {@code {id}} form still verifies). A change of role or status is published as {@link
 * OperatorAccessChanged} once stored: a signed-in operator must not keep what was taken away.
 */
@Service
public class Operators {

  /** 3 to 64 letters, digits, {@code _ . -}. */
  public static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9_.-]{3,64}");

  /** Shorter passwords are refused; there is no upper limit short of bcrypt's 72 bytes. */
  public static final int MIN_PASSWORD = 10;

  private static final int MAX_PASSWORD_BYTES = 72;

  private final OperatorRepository repository;
  private final OperatorActions actions;
  private final PasswordEncoder encoder;
  private final Clock clock;
  private final ApplicationEventPublisher events;

  Operators(
      OperatorRepository repository,
      OperatorActions actions,
      PasswordEncoder encoder,
      Clock clock,
      ApplicationEventPublisher events) {
    this.repository = repository;
    this.actions = actions;
    this.encoder = encoder;
    this.clock = clock;
    this.events = events;
  }

  public Optional<Operator> find(String username) {
    return USERNAME.matcher(username).matches() ? repository.find(username) : Optional.empty();
  }

  public List<Operator> all() {
    return repository.all();
  }

  /**
   * Stores a new, enabled operator.
   *
   * @throws InvalidOperatorException the name or the password is not acceptable
   * @throws OperatorConflictException the name is taken
   */
  public Operator create(String admin, String username, String password, OperatorRole role) {
    if (username == null || !USERNAME.matcher(username).matches()) {
      throw new InvalidOperatorException("user name must be 3 to 64 of A-Z, a-z, 0-9, _ . -");
    }
    checkPassword(password);
    return actions.run(
        new OperatorActions.Request(admin, Kind.CREATE_OPERATOR, "operator " + username, null, ""),
        () -> {
          try {
            repository.insert(username, encoder.encode(password), role, clock.instant());
          } catch (DuplicateKeyException taken) {
            throw new OperatorConflictException("operator " + username + " exists");
          }
          return repository.find(username).orElseThrow();
        },
        created -> "role=" + created.role() + " enabled");
  }

  /** Gives the operator another role; the change is refused if someone changed it meanwhile. */
  public Operator changeRole(String admin, String username, OperatorRole role) {
    Operator current = existing(username);
    Operator changed =
        actions.run(
            new OperatorActions.Request(
                admin, Kind.CHANGE_ROLE, "operator " + username, null, "role=" + current.role()),
            () -> {
              if (current.role() != role
                  && !repository.changeRole(username, current.role(), role, clock.instant())) {
                throw new OperatorConflictException("operator " + username + " changed meanwhile");
              }
              return existing(username);
            },
            after -> "role=" + after.role());
    events.publishEvent(new OperatorAccessChanged(username));
    return changed;
  }

  /** Enables or disables the operator: a disabled one can no longer sign in, and is signed out. */
  public Operator setEnabled(String admin, String username, boolean enabled) {
    Operator current = existing(username);
    Operator changed =
        actions.run(
            new OperatorActions.Request(
                admin,
                enabled ? Kind.ENABLE_OPERATOR : Kind.DISABLE_OPERATOR,
                "operator " + username,
                null,
                current.enabled() ? "enabled" : "disabled"),
            () -> {
              repository.changeStatus(
                  username,
                  enabled ? OperatorRepository.ACTIVE : OperatorRepository.DISABLED,
                  clock.instant());
              return existing(username);
            },
            after -> after.enabled() ? "enabled" : "disabled");
    events.publishEvent(new OperatorAccessChanged(username));
    return changed;
  }

  private Operator existing(String username) {
    return find(username).orElseThrow(() -> new OperatorNotFoundException(username));
  }

  private static void checkPassword(String password) {
    if (password == null || password.length() < MIN_PASSWORD) {
      throw new InvalidOperatorException(
          "password must be at least " + MIN_PASSWORD + " characters");
    }
    if (password.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
      throw new InvalidOperatorException("password must be at most 72 bytes");
    }
  }
}
