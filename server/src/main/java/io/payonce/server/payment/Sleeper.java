package io.payonce.server.payment;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * How the barcode flow waits between two polls of the channel. The server parks the thread; tests
 * replace the bean with one that moves their clock instead, so the poll loop still polls and times
 * out, on a clock the test drives.
 */
@FunctionalInterface
public interface Sleeper {

  void sleep(Duration duration);

  /** Parks the calling thread for the duration: the server's sleeper. */
  static Sleeper parking() {
    return duration -> LockSupport.parkNanos(duration.toNanos());
  }
}
