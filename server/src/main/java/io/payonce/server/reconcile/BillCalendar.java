package io.payonce.server.reconcile;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * Bill days: dates in the bill zone (Alipay's days are China Standard Time), read off the one clock
 * of the service. From 16:00 to 24:00 UTC the bill zone's date is a day ahead of UTC's: never take
 * a bill date from the clock's own zone.
 */
record BillCalendar(Clock clock, ZoneId zone) {

  /** The bill zone's date now. */
  LocalDate today() {
    return LocalDate.now(clock.withZone(zone));
  }

  /** The newest day whose bill is finished. */
  LocalDate yesterday() {
    return today().minusDays(1);
  }

  /** Whether a bill day can exist yet: it has begun in the bill zone. */
  boolean hasBegun(LocalDate billDate) {
    return !billDate.isAfter(today());
  }
}
