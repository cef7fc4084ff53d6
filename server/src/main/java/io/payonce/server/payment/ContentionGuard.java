package io.payonce.server.payment;

import java.util.function.Supplier;

/**
 * An optional helper that spares the database contention when many requests precreate the same
 * order at once (e.g. a Redis lock). Correctness never depends on it: the database's unique keys
 * decide whatever the guard does, so an implementation may fail open.
 */
@FunctionalInterface
public interface ContentionGuard {

  /** Runs {@code work} for {@code orderNo}, possibly after waiting for other holders. */
  <T> T around(String orderNo, Supplier<T> work);

  /** No guard: every request goes straight to the database. */
  ContentionGuard NONE =
      new ContentionGuard() {
        @Override
        public <T> T around(String orderNo, Supplier<T> work) {
          return work.get();
        }
      };
}
