package io.payonce.server.reconcile;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * Which of our successes belong to a bill day: those recorded in [from, until), the day in the
 * configured zone. A success recorded before {@code marginEnd} (midnight plus the margin) may be a
 * payment of the previous day whose notify came late, so it also counts as found if the previous
 * day's bill has it. Only the successes made under the bill's own account ({@code channelConfig})
 * belong to it: another account's are in that account's bill.
 */
record LocalOnlyWindow(
    String channel, String channelConfig, Instant from, Instant until, Instant marginEnd) {

  static LocalOnlyWindow of(
      String channel, String channelConfig, LocalDate billDate, ZoneId zone, Duration margin) {
    Instant from = billDate.atStartOfDay(zone).toInstant();
    Instant until = billDate.plusDays(1).atStartOfDay(zone).toInstant();
    return new LocalOnlyWindow(channel, channelConfig, from, until, from.plus(margin));
  }
}
