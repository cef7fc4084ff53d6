package io.payonce.server.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class MutableClockUnitTests {

  private static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");

  @Test
  void aZonedViewGivesThatZonesDateAfterSixteenHundredUtc() {
    MutableClock clock =
        new MutableClock(Clock.fixed(Instant.parse("2026-11-30T17:38:00Z"), CHINA));

    assertThat(LocalDate.now(clock)).isEqualTo(LocalDate.of(2026, 11, 30));
    assertThat(LocalDate.now(clock.withZone(CHINA))).isEqualTo(LocalDate.of(2026, 12, 1));
    assertThat(clock.withZone(CHINA).getZone()).isEqualTo(CHINA);
    assertThat(clock.withZone(CHINA).instant()).isEqualTo(clock.instant());
  }

  @Test
  void aZonedViewMovesWithTheClockItCameFrom() {
    MutableClock clock =
        new MutableClock(Clock.fixed(Instant.parse("2026-11-30T15:59:30Z"), ZoneOffset.UTC));
    Clock china = clock.withZone(CHINA);

    assertThat(LocalDate.now(china)).isEqualTo(LocalDate.of(2026, 11, 30));
    clock.advance(Duration.ofMinutes(1));

    assertThat(LocalDate.now(china)).isEqualTo(LocalDate.of(2026, 12, 1));
    assertThat(china.instant()).isEqualTo(Instant.parse("2026-11-30T16:00:30Z"));
    clock.reset();
    assertThat(china.instant()).isEqualTo(Instant.parse("2026-11-30T15:59:30Z"));
  }

  @Test
  void aPinnedStartIsReadOnceAndRunsOnAtRealSpeed() {
    Clock pinned = TestTime.create("2026-03-31T15:59:40Z");

    Instant read = pinned.instant();

    assertThat(read)
        .isBetween(Instant.parse("2026-03-31T15:59:40Z"), Instant.parse("2026-03-31T16:00:40Z"));
    assertThat(TestTime.create(null).instant()).isCloseTo(Instant.now(), within());
  }

  private static org.assertj.core.data.TemporalUnitOffset within() {
    return new org.assertj.core.data.TemporalUnitWithinOffset(
        1, java.time.temporal.ChronoUnit.MINUTES);
  }
}
