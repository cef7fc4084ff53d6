package io.payonce.server.alarm;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RefusedCallbackAlarmBudgetUnitTests {

  private long nanos;
  private final TimeMeter time =
      new TimeMeter() {
        @Override
        public long currentTimeNanos() {
          return nanos;
        }

        @Override
        public boolean isWallClockBased() {
          return false;
        }
      };
  private final RefusedCallbackAlarmBudget budget = new RefusedCallbackAlarmBudget(3, time);

  @Test
  void takesAsManyAsAMinuteAllowsThenRefusesAndCountsTheRefused() {
    for (int i = 0; i < 3; i++) {
      assertThat(budget.take(AlarmType.BAD_SIGNATURE, "ALIPAY")).hasValue(0);
    }

    assertThat(budget.take(AlarmType.BAD_SIGNATURE, "ALIPAY")).isEmpty();
    assertThat(budget.take(AlarmType.BAD_SIGNATURE, "ALIPAY")).isEmpty();
    assertThat(budget.refusedSinceLastTaken(AlarmType.BAD_SIGNATURE, "ALIPAY")).isEqualTo(2);
  }

  @Test
  void theBudgetComesBackEachMinuteAndTheFirstTakenSaysHowManyWereRefused() {
    for (int i = 0; i < 5; i++) {
      budget.take(AlarmType.BAD_SIGNATURE, "ALIPAY");
    }

    nanos += Duration.ofSeconds(59).toNanos();
    assertThat(budget.take(AlarmType.BAD_SIGNATURE, "ALIPAY")).isEmpty();

    nanos += Duration.ofSeconds(1).toNanos();

    assertThat(budget.take(AlarmType.BAD_SIGNATURE, "ALIPAY")).isEqualTo(OptionalLong.of(3));
    assertThat(budget.refusedSinceLastTaken(AlarmType.BAD_SIGNATURE, "ALIPAY")).isZero();
    assertThat(budget.take(AlarmType.BAD_SIGNATURE, "ALIPAY")).hasValue(0);
  }

  @Test
  void eachTypeAndChannelHasABudgetOfItsOwn() {
    for (int i = 0; i < 4; i++) {
      budget.take(AlarmType.BAD_SIGNATURE, "ALIPAY");
    }

    assertThat(budget.take(AlarmType.BAD_SIGNATURE, "WECHAT")).hasValue(0);
    assertThat(budget.take(AlarmType.APP_ID_MISMATCH, "ALIPAY")).hasValue(0);
  }
}
