package io.payonce.sandbox.clock;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * The time both simulated channels keep: China Standard Time (GMT+8, no daylight saving). Their
 * dates (bill days, number prefixes) and local times are read in it; each channel writes them in
 * its own formats.
 */
public final class ChinaTime {

  public static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

  private ChinaTime() {}

  /** The day in China at that instant. */
  public static LocalDate date(Instant instant) {
    return instant.atZone(ZONE).toLocalDate();
  }
}
