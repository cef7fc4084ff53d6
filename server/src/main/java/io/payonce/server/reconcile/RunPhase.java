package io.payonce.server.reconcile;

/** The steps of a run, in order; a resumed run continues with the step it was in. */
public enum RunPhase {
  /** Copying the bill into staging rows and checking it against its footer. */
  STAGING,
  /** Matching staged rows against our payments, after {@code last_line_no}. */
  MATCHING,
  /** Looking for successes of ours the bill does not have. */
  LOCAL_ONLY,
  /** Finished (completed or failed). */
  DONE
}
