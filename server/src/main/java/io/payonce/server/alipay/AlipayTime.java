package io.payonce.server.alipay;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/** Alipay writes and reads local times of China Standard Time, whatever the JVM's zone. */
final class AlipayTime {

  static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZONE);

  private AlipayTime() {}

  static String format(Instant instant) {
    return instant == null ? null : FORMAT.format(instant);
  }

  /** Null for a blank or malformed value: a notify's times are informative, never decisive. */
  static Instant parse(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    String trimmed = text.trim();
    LocalDateTime plain = plain(trimmed);
    if (plain != null) {
      return plain.atZone(ZONE).toInstant();
    }
    try {
      return LocalDateTime.parse(trimmed, FORMAT).atZone(ZONE).toInstant();
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }

  /**
   * The time read directly when it is exactly {@code yyyy-MM-dd HH:mm:ss} in ASCII digits and a
   * valid date and time of a year from 1 — what the formatter reads alike; null for anything else,
   * which the formatter reads (or refuses) with its own rules. The formatter's parse was 2 % of the
   * server's CPU under the sustained bench's notify load (JFR, issue 27), as much as the notify's
   * signature check.
   */
  static LocalDateTime plain(String text) {
    if (text.length() != 19
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != ' '
        || text.charAt(13) != ':'
        || text.charAt(16) != ':') {
      return null;
    }
    int year = digits(text, 0, 4);
    int month = digits(text, 5, 7);
    int day = digits(text, 8, 10);
    int hour = digits(text, 11, 13);
    int minute = digits(text, 14, 16);
    int second = digits(text, 17, 19);
    if (year < 1 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
      return null;
    }
    try {
      return LocalDateTime.of(year, month, day, hour, minute, second);
    } catch (DateTimeException invalid) {
      return null;
    }
  }

  /** The number the ASCII digits from {@code from} to {@code to} make, or -1. */
  private static int digits(String text, int from, int to) {
    int value = 0;
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }
}
