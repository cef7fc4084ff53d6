package io.payonce.server.reconcile;

/** Hears how a run advances; the command line draws its progress bar from it. */
public interface RunProgress {

  RunProgress NONE = new RunProgress() {};

  /** {@code rows} bill rows have been read and staged so far. */
  default void staged(long rows) {}

  /** {@code processed} of {@code total} staged rows have been matched. */
  default void matched(long processed, long total) {}

  /** {@code found} successes of ours were found missing from the bill so far. */
  default void localOnly(long found) {}
}
