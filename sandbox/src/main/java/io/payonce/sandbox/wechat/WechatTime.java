package io.payonce.sandbox.wechat;

import io.payonce.sandbox.clock.ChinaTime;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * WeChat Pay's time formats: APIv3 writes RFC 3339 with the China offset ({@code
 * 2018-06-08T10:34:56+08:00}), APIv2 {@code yyyyMMddHHmmss} in China time.
 */
public final class WechatTime {

  public static final ZoneId ZONE = ChinaTime.ZONE;
  private static final DateTimeFormatter RFC_3339 =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");
  private static final DateTimeFormatter COMPACT = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");
  private static final DateTimeFormatter BILL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private WechatTime() {}

  public static String rfc3339(Instant instant) {
    return instant == null ? null : RFC_3339.format(instant.atZone(ZONE));
  }

  /** Throws DateTimeParseException unless the text is RFC 3339 with an offset. */
  public static Instant parseRfc3339(String text) {
    return OffsetDateTime.parse(text, DateTimeFormatter.ISO_OFFSET_DATE_TIME).toInstant();
  }

  public static String compact(Instant instant) {
    return instant == null ? null : COMPACT.format(instant.atZone(ZONE));
  }

  /** Throws DateTimeParseException unless the text is {@code yyyyMMddHHmmss}. */
  public static Instant parseCompact(String text) {
    return LocalDateTime.parse(text, COMPACT).atZone(ZONE).toInstant();
  }

  /** {@code yyyy-MM-dd HH:mm:ss} in China time, as the trade bill writes it. */
  public static String bill(Instant instant) {
    return instant == null ? "" : BILL.format(instant.atZone(ZONE));
  }

  public static LocalDate date(Instant instant) {
    return ChinaTime.date(instant);
  }
}
