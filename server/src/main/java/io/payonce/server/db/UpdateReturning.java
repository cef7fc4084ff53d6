package io.payonce.server.db;

import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Whether the database answers {@code UPDATE … RETURNING}, and the one way a conditional UPDATE
 * answers the rows it changed: PostgreSQL does, so a transition or a claim gets the rows it changed
 * in the same round trip. MariaDB 10.11 has RETURNING for INSERT and DELETE only, and H2 not in our
 * syntax: there the rows are read back right after the UPDATE, which sees its own change (inside a
 * transaction under READ COMMITTED and REPEATABLE READ alike; a claim outside one reads them by its
 * own token).
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

  /**
   * The rows a conditional UPDATE changed. Where the database has RETURNING, {@code returning} (the
   * UPDATE with it) answers them in one statement; elsewhere {@code update} runs and, when it
   * changed any, {@code readBack} reads them, told how many it changed.
   */
  public <T> List<T> changed(
      Supplier<List<T>> returning, IntSupplier update, IntFunction<List<T>> readBack) {
    if (supported) {
      return returning.get();
    }
    int changed = update.getAsInt();
    return changed == 0 ? List.of() : readBack.apply(changed);
  }
}
