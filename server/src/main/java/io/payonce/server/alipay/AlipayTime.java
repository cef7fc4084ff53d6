package io.payonce.server.alipay;

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
    try {
      return LocalDateTime.parse(text.trim(), FORMAT).atZone(ZONE).toInstant();
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }
}
