package io.payonce.server.reconcile;

/** Where a reconciliation run stands. */
public enum RunStatus {
  /** Being worked on by the instance holding its lease, or waiting for its lease to run out. */
  RUNNING,
  /** Every bill row and every success of the day was looked at. */
  COMPLETED,
  /** The bill could not be had or trusted; {@code error} says why. Nothing was repaired. */
  FAILED
}
