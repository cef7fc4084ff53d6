package io.payonce.sandbox.alipay;

import io.payonce.sandbox.clock.ChinaTime;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** Alipay writes every time as {@code yyyy-MM-dd HH:mm:ss} in China time (GMT+8). */
public final class AlipayTime {

  public static final ZoneId ZONE = ChinaTime.ZONE;
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

  private AlipayTime() {}

  public static String format(Instant instant) {
    return instant == null ? null : SECONDS.format(instant.atZone(ZONE));
  }

  public static String formatMillis(Instant instant) {
    return instant == null ? null : MILLIS.format(instant.atZone(ZONE));
  }

  /** Throws DateTimeParseException on anything but {@code yyyy-MM-dd HH:mm:ss}. */
  public static Instant parse(String text) {
    return LocalDateTime.parse(text, SECONDS).atZone(ZONE).toInstant();
  }

  public static LocalDate date(Instant instant) {
    return ChinaTime.date(instant);
  }
}
