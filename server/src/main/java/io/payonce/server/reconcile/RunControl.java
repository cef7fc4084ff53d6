package io.payonce.server.reconcile;

/**
 * Asked after each page's repairs and before its checkpoint — the worst moment to die — whether to
 * stop there, leaving the lease to run out as a killed instance would.
 */
@FunctionalInterface
interface RunControl {

  /** Stops when the worker thread is interrupted (the application is shutting down). */
  RunControl UNTIL_INTERRUPTED = rowsMatched -> Thread.currentThread().isInterrupted();

  boolean stop(long rowsMatched);
}
