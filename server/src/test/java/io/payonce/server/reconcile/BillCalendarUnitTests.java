package io.payonce.server.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.MutableClock;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BillCalendarUnitTests {

  private static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");

  @ParameterizedTest(name = "at {0} today is {1}")
  @CsvSource({
    "2026-03-31T15:59:59Z, 2026-03-31",
    "2026-03-31T16:00:00Z, 2026-04-01",
    "2026-11-30T17:38:00Z, 2026-12-01",
    "2026-12-31T23:59:59Z, 2027-01-01",
    "2027-01-01T00:00:00Z, 2027-01-01"
  })
  void todayIsTheBillZonesDateWhateverTheClocksZone(Instant now, LocalDate today) {
    for (Clock clock :
        new Clock[] {
          Clock.fixed(now, ZoneOffset.UTC), new MutableClock(Clock.fixed(now, ZoneOffset.UTC))
        }) {
      BillCalendar calendar = new BillCalendar(clock, CHINA);

      assertThat(calendar.today()).isEqualTo(today);
      assertThat(calendar.yesterday()).isEqualTo(today.minusDays(1));
      assertThat(calendar.hasBegun(today)).isTrue();
      assertThat(calendar.hasBegun(today.plusDays(1))).isFalse();
    }
  }
}
