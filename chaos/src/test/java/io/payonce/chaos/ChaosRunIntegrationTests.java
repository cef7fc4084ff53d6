package io.payonce.chaos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.payonce.chaos.cluster.Database;
import io.payonce.chaos.cluster.Patroni;
import io.payonce.chaos.cluster.Services;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The CI's short seeded chaos runs, each a couple of minutes: a standalone sandbox, two instances
 * behind the harness's load balancer, every fault the run can inject, and every invariant checked.
 * PostgreSQL runs as the three-node Patroni cluster PayOnce supports (scripts/patroni-cluster,
 * Debian's patroni and etcd, which .ci/run installs), whose run also kills the leader's node (at
 * random and right after an instance committed an intent) and switches over; MariaDB runs with
 * Redis and RabbitMQ. A service that does not answer skips the run with the reason — unless {@code
 * CI=true}, where it fails it. The exec jars come from this build (the module runs after the server
 * and the sandbox are packaged; see the pom).
 */
@Timeout(value = 12, unit = TimeUnit.MINUTES)
class ChaosRunIntegrationTests {

  private static final String WORK_ROOT =
      System.getProperty("payonce.chaos.work-root", "target/chaos-runs");

  @Test
  void aShortSeededRunOnThePatroniClusterKeepsThePromiseThroughFailovers() throws Exception {
    requirePatroni();

    RunResult result =
        run(
            "--seed=20261201",
            "--db=patroni",
            "--duration=100s",
            "--fault-every=7s",
            "--faults=kill,crash,pause,notify,gateway,skew,webhook,leader,switchover");

    assertKeptThePromise(result);
    assertThat(result.faults())
        .as("the run took the leader down and switched over")
        .containsKey("leader kill")
        .containsKey("switchover");
  }

  @Test
  void aShortSeededRunOnMariaDbWithRedisAndRabbitMqKeepsThePromise() throws Exception {
    requireServices(Database.MARIADB, true);

    assertKeptThePromise(
        run(
            "--seed=20261202",
            "--db=mariadb",
            "--duration=60s",
            "--fault-every=7s",
            "--redis",
            "--rabbitmq"));
  }

  private static RunResult run(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    String db = args[1].substring("--db=".length());
    all.add("--work-dir=" + Path.of(WORK_ROOT, db + "-" + args[0].substring(2).replace('=', '-')));
    // The console goes to surefire's per-class output file.
    return new ChaosRun(ChaosOptions.parse(all.toArray(String[]::new)), System.out).run();
  }

  private static void assertKeptThePromise(RunResult result) throws Exception {
    assertThat(result.passed())
        .as(
            "seed %d broke the promise; report %s:%n%s",
            result.options().seed(),
            result.textReport(),
            Files.readString(result.textReport(), StandardCharsets.UTF_8))
        .isTrue();
  }

  private static void requirePatroni() {
    if (Patroni.installed()) {
      return;
    }
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      fail("CI=true and patroni or etcd is not installed (.ci/run installs them)");
    }
    Assumptions.abort("patroni or etcd is not installed: apt-get install patroni etcd-server");
  }

  private static void requireServices(Database db, boolean redisAndRabbit) {
    List<String> missing = new ArrayList<>();
    String problem = db.probe();
    if (!problem.isEmpty()) {
      missing.add(db.label() + " at " + db.server() + " (" + problem + ")");
    }
    if (redisAndRabbit && !Services.redisAnswers()) {
      missing.add("Redis at 127.0.0.1:6379");
    }
    if (redisAndRabbit && !Services.rabbitAnswers()) {
      missing.add("RabbitMQ at 127.0.0.1:5672");
    }
    if (missing.isEmpty()) {
      return;
    }
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      fail("CI=true and these do not answer: " + missing);
    }
    Assumptions.abort("not answering: " + missing);
  }
}
