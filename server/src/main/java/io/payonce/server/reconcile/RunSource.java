package io.payonce.server.reconcile;

/** Where a run's bill comes from. */
public enum RunSource {
  /** Downloaded from the channel: a resumed run can download it again. */
  CHANNEL,
  /** A file given by hand to the command line: only that process can read it. */
  FILE
}
