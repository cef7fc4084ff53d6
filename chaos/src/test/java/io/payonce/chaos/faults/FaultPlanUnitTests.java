package io.payonce.chaos.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.chaos.Fault;
import io.payonce.chaos.cluster.Timings;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FaultPlanUnitTests {

  private static final Timings TIMINGS = Timings.of(Duration.ofSeconds(30));
  private static final Set<Fault> SCHEDULED =
      EnumSet.of(
          Fault.KILL,
          Fault.PAUSE,
          Fault.NOTIFY,
          Fault.GATEWAY,
          Fault.WEBHOOK,
          Fault.REDIS,
          Fault.RABBITMQ);

  @Test
  void theSameSeedDrawsTheSamePlan() {
    assertThat(plan(1).faults()).isEqualTo(plan(1).faults()).isNotEqualTo(plan(2).faults());
  }

  @Test
  void faultsFallWithinTheWorkloadAndAmongTheKindsAskedFor() {
    FaultPlan plan =
        FaultPlan.draw(
            3,
            Duration.ofMinutes(30),
            Duration.ofSeconds(10),
            EnumSet.of(Fault.KILL, Fault.NOTIFY),
            3,
            TIMINGS);

    assertThat(plan.faults()).hasSizeGreaterThan(100);
    assertThat(plan.faults())
        .allSatisfy(
            f -> {
              assertThat(f.kind()).isIn(Fault.KILL, Fault.NOTIFY);
              assertThat(f.atMs()).isBetween(0L, Duration.ofMinutes(30).toMillis());
              assertThat(f.instance()).isBetween(0, 2);
            });
  }

  @Test
  void aPauseOutlastsEveryLease() {
    assertThat(plan(4).faults())
        .filteredOn(f -> f.kind() == Fault.PAUSE)
        .isNotEmpty()
        .allSatisfy(f -> assertThat(f.forMs()).isGreaterThan(TIMINGS.longestLease().toMillis()));
  }

  @Test
  void everyKindAskedForOccursInALongRun() {
    assertThat(plan(5).faults()).extracting(PlannedFault::kind).containsAll(SCHEDULED);
  }

  @Test
  void noKindMeansNoFault() {
    assertThat(
            FaultPlan.draw(
                    1,
                    Duration.ofMinutes(5),
                    Duration.ofSeconds(5),
                    EnumSet.noneOf(Fault.class),
                    2,
                    TIMINGS)
                .faults())
        .isEmpty();
  }

  private static FaultPlan plan(long seed) {
    return FaultPlan.draw(
        seed, Duration.ofMinutes(30), Duration.ofSeconds(10), SCHEDULED, 2, TIMINGS);
  }

  @Test
  void aShortRunStillInjectsEveryDatabaseFaultItNamesInOrder() {
    Set<Fault> database = EnumSet.of(Fault.LEADER, Fault.SWITCHOVER, Fault.STANDBY, Fault.FREEZE);
    FaultPlan plan =
        FaultPlan.draw(5, Duration.ofSeconds(60), Duration.ofSeconds(50), database, 2, TIMINGS);

    assertThat(plan.faults()).extracting(PlannedFault::kind).containsAll(database);
    assertThat(plan.faults()).extracting(PlannedFault::atMs).isSorted();
    assertThat(plan.faults())
        .filteredOn(f -> f.kind() == Fault.FREEZE)
        .allSatisfy(f -> assertThat(f.forMs()).isGreaterThan(TIMINGS.databaseTtl().toMillis()));
  }
}
