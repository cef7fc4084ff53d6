package io.payonce.server.db;

import org.springframework.stereotype.Component;

/**
 * Whether the database answers {@code UPDATE … RETURNING}: PostgreSQL does, so a transition gets
 * the row it changed in the same round trip. MariaDB 10.11 has RETURNING for INSERT and DELETE
 * only, and H2 not in our syntax: there the row is read back inside the transaction, right after
 * the UPDATE, which sees its own change under READ COMMITTED and REPEATABLE READ alike.
 */
@Component
public class UpdateReturning {

  private final boolean supported;

  UpdateReturning(DatabaseProduct database) {
    this.supported = database.postgresql();
  }

  /** Whether the database answers {@code UPDATE … RETURNING}. */
  public boolean supported() {
    return supported;
  }
}
