package io.payonce.server.operator;

import java.time.Instant;

/**
 * One stored operator.
 *
 * @param passwordHash the password in Spring Security's {@code {id}encoded} form
 */
public record Operator(
    long id,
    String username,
    String passwordHash,
    OperatorRole role,
    boolean enabled,
    Instant createdAt,
    Instant updatedAt) {

  @Override
  public String toString() {
    return "Operator[" + username + ", " + role + (enabled ? "" : ", disabled") + "]";
  }
}
