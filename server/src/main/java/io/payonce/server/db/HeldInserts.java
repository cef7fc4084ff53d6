package io.payonce.server.db;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Rows to insert, written at once or, inside {@link #around}, held back and written together when
 * the work returns: a transaction that appends several rows to one table makes one round trip. Held
 * rows are per thread, as a transaction is; an exception discards them (the transaction they belong
 * to rolls back).
 *
 * @param <R> one row's values
 */
public final class HeldInserts<R> {

  private final ThreadLocal<Held<R>> held = new ThreadLocal<>();
  private final Consumer<List<R>> insert;

  /**
   * @param insert writes the given rows (one or more) in one statement
   */
  public HeldInserts(Consumer<List<R>> insert) {
    this.insert = insert;
  }

  /** Inserts the row now, or holds it until the enclosing {@link #around} returns. */
  public void add(R row) {
    Held<R> current = held.get();
    if (current != null && current.transaction().equals(transaction())) {
      current.rows().add(row);
    } else {
      insert.accept(List.of(row));
    }
  }

  /** Runs {@code work} holding the rows it adds, then inserts them; nested calls join the outer. */
  public <T> T around(Supplier<T> work) {
    if (held.get() != null) {
      return work.get();
    }
    List<R> rows = new ArrayList<>();
    held.set(new Held<>(rows, transaction()));
    T result;
    try {
      result = work.get();
    } finally {
      held.remove();
    }
    if (!rows.isEmpty()) {
      insert.accept(rows);
    }
    return result;
  }

  /** The rows held, and the transaction they belong to. */
  private record Held<R>(List<R> rows, List<Object> transaction) {}

  /** The current transaction's resources (its connection holder): which transaction this is. */
  private static List<Object> transaction() {
    return List.copyOf(TransactionSynchronizationManager.getResourceMap().values());
  }
}
