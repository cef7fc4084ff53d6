package io.payonce.server.wechat;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** WeChat Pay's times: RFC 3339 with an offset, written in China Standard Time. */
final class WechatTime {

  static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
  private static final DateTimeFormatter RFC_3339 =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX").withZone(ZONE);

  /** APIv2's compact local time, {@code yyyyMMddHHmmss}. */
  private static final DateTimeFormatter COMPACT =
      DateTimeFormatter.ofPattern("yyyyMMddHHmmss").withZone(ZONE);

  private WechatTime() {}

  static String compact(Instant instant) {
    return instant == null ? null : COMPACT.format(instant);
  }

  static Instant parseCompact(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return java.time.LocalDateTime.parse(text.trim(), COMPACT).atZone(ZONE).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  static String format(Instant instant) {
    return instant == null ? null : RFC_3339.format(instant);
  }

  /** Null for a blank or malformed value: a trade's times are informative, never decisive. */
  static Instant parse(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return OffsetDateTime.parse(text.trim()).toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
