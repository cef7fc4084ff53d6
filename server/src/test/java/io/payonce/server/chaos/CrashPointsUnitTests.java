package io.payonce.server.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class CrashPointsUnitTests {

  private final List<String> halted = new ArrayList<>();

  @AfterEach
  void disarm() {
    CrashPoints.disarm();
  }

  @Test
  void doesNothingUnlessArmed() {
    CrashPoints.reach("after-init-commit");

    assertThat(CrashPoints.isArmed()).isFalse();
  }

  @Test
  void haltsAtAnArmedPointWithProbabilityOne() {
    CrashPoints.arm(Map.of("after-init-commit", 1.0), 7, halted::add);

    CrashPoints.reach("after-init-commit");

    assertThat(halted).containsExactly("after-init-commit");
  }

  @Test
  void aStallingPointHoldsTheThreadAndGoesOnWithoutHalting() {
    List<String> stalled = new ArrayList<>();
    CrashPoints.arm(Map.of("relay-after-confirm", 1.0), 7, halted::add);
    CrashPoints.armStalls(Map.of("after-init-commit", 1.0), 7, stalled::add);

    CrashPoints.reach("after-init-commit");
    CrashPoints.reach("after-channel-answer");

    assertThat(stalled).containsExactly("after-init-commit");
    assertThat(halted).isEmpty();
  }

  @Test
  void disarmingStopsStallsToo() {
    List<String> stalled = new ArrayList<>();
    CrashPoints.armStalls(Map.of("after-init-commit", 1.0), 7, stalled::add);

    CrashPoints.disarm();
    CrashPoints.reach("after-init-commit");

    assertThat(stalled).isEmpty();
  }

  @Test
  void ignoresPointsThatAreNotArmedAndPointsArmedAtZero() {
    CrashPoints.arm(Map.of("after-init-commit", 0.0), 7, halted::add);

    for (int i = 0; i < 1000; i++) {
      CrashPoints.reach("after-init-commit");
      CrashPoints.reach("relay-after-confirm");
    }

    assertThat(halted).isEmpty();
  }

  @Test
  void theSameSeedFiresAtTheSameReaches() {
    assertThat(firingReaches(42)).isEqualTo(firingReaches(42)).isNotEqualTo(firingReaches(43));
  }

  @Test
  void firesAboutAsOftenAsItsProbability() {
    CrashPoints.arm(Map.of("p", 0.1), 1, halted::add);

    for (int i = 0; i < 10_000; i++) {
      CrashPoints.reach("p");
    }

    assertThat(halted).hasSizeBetween(800, 1200);
  }

  @Test
  void disarmingMakesEveryPointInertAgain() {
    CrashPoints.arm(Map.of("p", 1.0), 1, halted::add);
    CrashPoints.disarm();

    CrashPoints.reach("p");

    assertThat(halted).isEmpty();
  }

  @Test
  void parsesPointsWithTheirProbabilities() {
    assertThat(CrashPoints.parse(" after-init-commit=0.02, relay-after-confirm = 1 "))
        .containsExactly(
            Map.entry("after-init-commit", 0.02), Map.entry("relay-after-confirm", 1.0));
    assertThat(CrashPoints.parse("")).isEmpty();
    assertThat(CrashPoints.parse(null)).isEmpty();
  }

  @Test
  void refusesMalformedSpecifications() {
    assertThatThrownBy(() -> CrashPoints.parse("after-init-commit"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CrashPoints.parse("p=often"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CrashPoints.parse("p=1.5"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CrashPoints.parse("=0.5"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private List<Integer> firingReaches(long seed) {
    List<Integer> fired = new ArrayList<>();
    int[] reach = {0};
    CrashPoints.arm(Map.of("p", 0.2), seed, point -> fired.add(reach[0]));
    for (reach[0] = 0; reach[0] < 200; reach[0]++) {
      CrashPoints.reach("p");
    }
    CrashPoints.disarm();
    return fired;
  }
}
