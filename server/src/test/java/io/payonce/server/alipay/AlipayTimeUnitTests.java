package io.payonce.server.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlipayTimeUnitTests {

  /** What AlipayTime.parse answered when it was the formatter alone. */
  private static Instant byFormatter(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return LocalDateTime.parse(
              text.trim(),
              DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(AlipayTime.ZONE))
          .atZone(AlipayTime.ZONE)
          .toInstant();
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  @Test
  void everyTimeIsReadAsTheFormatterReadsIt() {
    List<String> texts =
        List.of(
            "2026-12-06 03:14:18",
            " 2026-12-06 03:14:18 ",
            "2024-02-29 23:59:59",
            "2026-02-29 10:00:00",
            "2026-02-30 10:00:00",
            "2026-04-31 10:00:00",
            "2026-13-01 10:00:00",
            "2026-00-01 10:00:00",
            "2026-12-00 10:00:00",
            "2026-12-32 10:00:00",
            "2026-12-06 24:00:00",
            "2026-12-06 23:60:00",
            "2026-12-06 23:59:60",
            "0000-01-01 00:00:00",
            "0001-01-01 00:00:00",
            "9999-12-31 23:59:59",
            "12026-12-06 03:14:18",
            "2026-1-06 03:14:18",
            "2026-12-06T03:14:18",
            "2026/12/06 03:14:18",
            "2026-12-06 03:14",
            "2026-12-06 03:14:18.5",
            "+026-12-06 03:14:18",
            "２０２６-12-06 03:14:18",
            "abcd-ef-gh ij:kl:mn",
            "",
            "   ");

    for (String text : texts) {
      assertThat(AlipayTime.parse(text)).as(text).isEqualTo(byFormatter(text));
    }
    assertThat(AlipayTime.parse(null)).isNull();
    assertThat(AlipayTime.parse("2026-12-06 03:14:18"))
        .isEqualTo(Instant.parse("2026-12-05T19:14:18Z"));
  }

  @Test
  void onlyAValidPlainTimeIsReadWithoutTheFormatter() {
    assertThat(AlipayTime.plain("2026-12-06 03:14:18"))
        .isEqualTo(LocalDateTime.of(2026, 12, 6, 3, 14, 18));
    assertThat(AlipayTime.plain("2026-02-30 10:00:00")).isNull();
    assertThat(AlipayTime.plain("0000-01-01 00:00:00")).isNull();
    assertThat(AlipayTime.plain("2026-12-06 24:00:00")).isNull();
    assertThat(AlipayTime.plain("２０２６-12-06 03:14:18")).isNull();
  }
}
