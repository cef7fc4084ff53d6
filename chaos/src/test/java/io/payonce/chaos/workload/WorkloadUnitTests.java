package io.payonce.chaos.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadUnitTests {

  @Test
  void theSameSeedGivesTheSameScenarios() {
    assertThat(kinds(11, 200)).isEqualTo(kinds(11, 200)).isNotEqualTo(kinds(12, 200));
  }

  @Test
  void everyKindOfScenarioRuns() {
    assertThat(EnumSet.copyOf(kinds(11, 500))).isEqualTo(EnumSet.allOf(Kind.class));
  }

  private static List<Kind> kinds(long seed, int count) {
    List<Kind> kinds = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      kinds.add(Workload.kindOf(seed, i));
    }
    return kinds;
  }
}
