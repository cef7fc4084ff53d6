package io.payonce.chaos;

/**
 * {@code java -jar chaos/target/payonce-chaos.jar --seed=… --db=postgres|mariadb --instances=2
 * --duration=2m [--redis] [--rabbitmq] [--faults=all|none|kill,crash,pause,notify,gateway,skew,
 * webhook,redis,rabbitmq]}: exits 0 when every invariant held, 1 on violations, 2 when the run
 * could not be made.
 */
public final class ChaosCommand {

  private ChaosCommand() {}

  public static void main(String[] args) {
    ChaosOptions options;
    try {
      options = ChaosOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(usage());
      System.exit(2);
      return;
    }
    int status;
    try {
      status = new ChaosRun(options, System.out).run().exitCode();
    } catch (Exception e) {
      System.err.println("the run could not be made (seed " + options.seed() + "): " + e);
      e.printStackTrace();
      status = 2;
    }
    System.out.flush();
    System.exit(status);
  }

  static String usage() {
    return """
        usage: java -jar chaos/target/payonce-chaos.jar [options]
          --seed=N               the run's seed (default: random, printed first)
          --db=postgres|mariadb|patroni  the shared database (patroni: the three-node cluster of
                           scripts/patroni-cluster, started if down); its payonce_chaos database is recreated
          --instances=N          PayOnce instances, at least 2 (default 2)
          --duration=2m          how long the workload starts scenarios (s, m, h or ISO-8601)
          --redis --rabbitmq     run the instances with Redis / relay events to RabbitMQ
          --faults=all           all, none, or a list of: %s
          --crash-rate=0.003     probability with which each crash point halts an instance
          --fault-every=10s      mean pause between injected faults
          --workers=8            scenarios at a time
          --qr-ttl=30s           QR code lifetime on the instances
          --drain-timeout=150s   longest wait for the system to settle after the workload
          --heap=256m            -Xmx of each JVM
          --work-dir=DIR         logs, sandbox data and reports (default target/chaos-runs/...)
          --server-jar=, --sandbox-jar=   the exec jars (default: found under server/ and sandbox/)
        """
        .formatted(Fault.known());
  }
}
