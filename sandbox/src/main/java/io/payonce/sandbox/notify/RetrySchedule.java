package io.payonce.sandbox.notify;

import java.time.Duration;
import java.util.List;

/**
 * When a channel delivers a notify again, until the merchant acknowledges it.
 *
 * @param waits the waits between attempts after the first, as the channel documents them (Alipay:
 *     4m, 10m, 10m, 1h, 2h, 6h, 15h); after the last, it gives up
 * @param timeScale multiplies every wait: 1 is the channel's real schedule, tests compress it
 * @param replyTimeout how long the merchant may take to answer one delivery
 */
public record RetrySchedule(List<Duration> waits, double timeScale, Duration replyTimeout) {

  public RetrySchedule {
    waits = List.copyOf(waits);
  }

  /** Whether the {@code attempted}-th attempt (counting from 1) was the last. */
  boolean exhaustedAfter(int attempted) {
    return attempted > waits.size();
  }

  /** The scaled wait after the {@code attempted}-th attempt. */
  long waitMillisAfter(int attempted) {
    return (long) (waits.get(attempted - 1).toMillis() * timeScale);
  }
}
