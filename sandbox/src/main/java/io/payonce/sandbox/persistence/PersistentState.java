package io.payonce.sandbox.persistence;

/**
 * One channel's state that survives a restart (with {@code payonce.sandbox.persistence=true}), in
 * its own JSON file of the data dir; {@link StatePersistence} restores and saves it.
 *
 * @param <S> the file's content
 */
public interface PersistentState<S> {

  /** The file in the data dir, e.g. {@code alipay-state.json}. */
  String fileName();

  Class<S> type();

  /** Changes whenever something saved changed. */
  long version();

  S snapshot();

  /** Takes over a state saved by an earlier run. */
  Restored restore(S saved);

  /** What a restore took over, for the log. */
  record Restored(int orders, int pendingNotifies) {}
}
