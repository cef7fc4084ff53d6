package io.payonce.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.chaos.cluster.Database;
import java.time.Duration;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class ChaosOptionsUnitTests {

  @Test
  void readsEveryOption() {
    ChaosOptions options =
        ChaosOptions.parse(
            "--seed=42",
            "--db=mariadb",
            "--instances=3",
            "--duration=90s",
            "--redis",
            "--rabbitmq",
            "--faults=kill,notify",
            "--crash-rate=0.01",
            "--fault-every=5s",
            "--workers=4",
            "--qr-ttl=PT45S",
            "--work-dir=/tmp/x",
            "--server-jar=/s.jar",
            "--sandbox-jar=/b.jar");

    assertThat(options.seed()).isEqualTo(42);
    assertThat(options.db()).isEqualTo(Database.MARIADB);
    assertThat(options.instances()).isEqualTo(3);
    assertThat(options.duration()).isEqualTo(Duration.ofSeconds(90));
    assertThat(options.redis()).isTrue();
    assertThat(options.rabbitmq()).isTrue();
    assertThat(options.faults()).containsExactlyInAnyOrder(Fault.KILL, Fault.NOTIFY);
    assertThat(options.crashRate()).isEqualTo(0.01);
    assertThat(options.faultEvery()).isEqualTo(Duration.ofSeconds(5));
    assertThat(options.workers()).isEqualTo(4);
    assertThat(options.qrTtl()).isEqualTo(Duration.ofSeconds(45));
    assertThat(options.workDir()).hasToString("/tmp/x");
  }

  @Test
  void theReplayArgumentsReplayTheSameRun() {
    ChaosOptions first =
        ChaosOptions.parse("--seed=7", "--db=postgres", "--duration=2m", "--redis", "--faults=all");
    ChaosOptions replayed =
        ChaosOptions.parse((first.replayArguments() + " --work-dir=" + first.workDir()).split(" "));

    assertThat(replayed).isEqualTo(first);
  }

  @Test
  void withoutASeedOneIsChosen() {
    assertThat(ChaosOptions.parse().seed()).isNotNegative();
  }

  @Test
  void redisAndRabbitMqFaultsApplyOnlyWhenTheyAreInUse() {
    ChaosOptions without = ChaosOptions.parse("--faults=all");
    ChaosOptions with = ChaosOptions.parse("--faults=all", "--redis", "--rabbitmq");

    assertThat(without.injects(Fault.REDIS)).isFalse();
    assertThat(without.injects(Fault.RABBITMQ)).isFalse();
    assertThat(with.injects(Fault.REDIS)).isTrue();
    assertThat(with.injects(Fault.RABBITMQ)).isTrue();
    assertThat(ChaosOptions.parse("--faults=none").faults()).isEmpty();
  }

  @Test
  void refusesWhatItDoesNotKnow() {
    assertThatThrownBy(() -> ChaosOptions.parse("--instances=1"))
        .hasMessageContaining("at least 2");
    assertThatThrownBy(() -> ChaosOptions.parse("--colour=red")).hasMessageContaining("--colour");
    assertThatThrownBy(() -> ChaosOptions.parse("--faults=meteor")).hasMessageContaining("meteor");
    assertThatThrownBy(() -> ChaosOptions.parse("seed=1")).hasMessageContaining("--name=value");
  }

  @Test
  void durationsReadLikeTheServersDo() {
    assertThat(ChaosOptions.duration("1500ms")).isEqualTo(Duration.ofMillis(1500));
    assertThat(ChaosOptions.duration("30m")).isEqualTo(Duration.ofMinutes(30));
    assertThat(ChaosOptions.duration("1h")).isEqualTo(Duration.ofHours(1));
    assertThat(ChaosOptions.format(Duration.ofMinutes(30))).isEqualTo("30m");
    assertThat(ChaosOptions.format(Duration.ofSeconds(75))).isEqualTo("75s");
    assertThat(EnumSet.copyOf(Fault.parse("all")))
        .isEqualTo(EnumSet.complementOf(EnumSet.of(Fault.UNSAFE)));
  }

  @Test
  void theUnsafeFaultIsNeverPartOfAllAndOnlyRunsWhenNamed() {
    assertThat(Fault.parse("all")).doesNotContain(Fault.UNSAFE);
    assertThat(Fault.parse("unsafe,leader")).containsExactlyInAnyOrder(Fault.UNSAFE, Fault.LEADER);
  }

  @Test
  void databaseFaultsApplyOnlyToThePatroniCluster() {
    assertThat(ChaosOptions.parse("--faults=all", "--db=patroni").injects(Fault.LEADER)).isTrue();
    assertThat(ChaosOptions.parse("--faults=all", "--db=patroni").injects(Fault.UNSAFE)).isFalse();
    assertThat(ChaosOptions.parse("--faults=all", "--db=mariadb").injects(Fault.LEADER)).isFalse();
    assertThat(ChaosOptions.parse("--faults=all", "--db=mariadb").injects(Fault.KILL)).isTrue();
  }
}
