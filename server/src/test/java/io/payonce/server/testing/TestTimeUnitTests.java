package io.payonce.server.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.assertj.core.data.TemporalUnitWithinOffset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The JVM's test time: pinned starts, and the sleeper that moves it instead of waiting. */
class TestTimeUnitTests {

  private static final Instant BEFORE_CHINA_MIDNIGHT = Instant.parse("2026-03-31T15:59:45Z");

  @AfterEach
  void backToTheWallClock() {
    TestTime.restart();
  }

  @Test
  void aStartMovesEveryClockOnTheBaseAndARestartBringsThemBack() {
    MutableClock server = new MutableClock(TestTime.base());
    Clock sandbox = TestTime.base();

    TestTime.startAt(BEFORE_CHINA_MIDNIGHT);

    assertThat(server.instant()).isCloseTo(BEFORE_CHINA_MIDNIGHT, within(1));
    assertThat(sandbox.instant()).isCloseTo(BEFORE_CHINA_MIDNIGHT, within(1));
    assertThat(server.withZone(java.time.ZoneId.of("Asia/Shanghai")).instant())
        .isCloseTo(BEFORE_CHINA_MIDNIGHT, within(1));
    TestTime.restart();
    assertThat(server.instant()).isCloseTo(Instant.now(), within(1));
  }

  @Test
  void aSkippingSleeperMovesTheTestTimeByThePauseInsteadOfWaiting() {
    TestTime.startAt(BEFORE_CHINA_MIDNIGHT);
    long started = System.nanoTime();

    new TestSleeper(true).sleep(Duration.ofMinutes(10));

    assertThat(TestTime.base().instant())
        .isCloseTo(BEFORE_CHINA_MIDNIGHT.plus(Duration.ofMinutes(10)), within(1));
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMinutes(1));
  }

  @Test
  void aHeldSleeperWaitsUntilTheHoldEndsAndThenSkips() throws Exception {
    TestSleeper sleeper = new TestSleeper(true);
    TestTime.startAt(BEFORE_CHINA_MIDNIGHT);
    AtomicReference<Thread> sleeping = new AtomicReference<>();
    CompletableFuture<Void> slept;

    try (TestSleeper.Hold held = sleeper.hold()) {
      slept =
          CompletableFuture.runAsync(
              () -> {
                sleeping.set(Thread.currentThread());
                sleeper.sleep(Duration.ofMinutes(10));
              });
      await()
          .atMost(Duration.ofSeconds(10))
          .until(
              () ->
                  sleeping.get() != null
                      && sleeping.get().getState() == Thread.State.TIMED_WAITING);
      assertThat(slept).isNotDone();
      assertThat(TestTime.base().instant()).isCloseTo(BEFORE_CHINA_MIDNIGHT, within(1));
    }

    slept.get(10, TimeUnit.SECONDS);
    assertThat(TestTime.base().instant())
        .isCloseTo(BEFORE_CHINA_MIDNIGHT.plus(Duration.ofMinutes(10)), within(1));
  }

  private static TemporalUnitWithinOffset within(long minutes) {
    return new TemporalUnitWithinOffset(minutes, ChronoUnit.MINUTES);
  }
}
