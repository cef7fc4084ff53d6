package io.payonce.server.reconcile;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * Which of our successes belong to a bill day: those recorded in [from, until), the day in the
 * configured zone. A success recorded before {@code marginEnd} (midnight plus the margin) may be a
 * payment of the previous day whose notify came late, so it also counts as found if the previous
 * day's bill has it.
 */
record LocalOnlyWindow(String channel, Instant from, Instant until, Instant marginEnd) {

  static LocalOnlyWindow of(String channel, LocalDate billDate, ZoneId zone, Duration margin) {
    Instant from = billDate.atStartOfDay(zone).toInstant();
    Instant until = billDate.plusDays(1).atStartOfDay(zone).toInstant();
    return new LocalOnlyWindow(channel, from, until, from.plus(margin));
  }
}
