package io.payonce.chaos;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/** The kinds of fault a run may inject, as named in {@code --faults=}. */
public enum Fault {
  /** kill -9 of an instance at a random time, restarted after a few seconds. */
  KILL,
  /** Instances halt themselves at named crash points ({@code payonce.chaos.crash-points}). */
  CRASH,
  /** SIGSTOP of an instance for longer than its leases, then SIGCONT. */
  PAUSE,
  /** The sandbox's notify knobs: duplicate, shuffled, dropped, delayed, tampered, forged. */
  NOTIFY,
  /** The sandbox's gateway knobs per method: errors, latency, commit-then-timeout. */
  GATEWAY,
  /** Each instance's clock is off by a seeded amount (within the expiry margin). */
  SKEW,
  /** The harness's webhook receiver refuses deliveries for a while. */
  WEBHOOK,
  /** The machine's Redis is shut down and restarted (only with --redis). */
  REDIS,
  /** The machine's RabbitMQ application is stopped and started (only with --rabbitmq). */
  RABBITMQ,
  /**
   * kill -9 of the database leader's node (Patroni and its PostgreSQL), at a random moment or right
   * after an instance passes the after-init-commit or after-channel-answer point; the node starts
   * again a few seconds later and rejoins (only with --db=patroni).
   */
  LEADER,
  /** A planned switchover to the synchronous standby (only with --db=patroni). */
  SWITCHOVER,
  /** kill -9 of the synchronous standby's node, restarted later (only with --db=patroni). */
  STANDBY,
  /**
   * SIGSTOP of the leader's node past Patroni's TTL, then SIGCONT: the zombie must never have a
   * commit acknowledged (only with --db=patroni).
   */
  FREEZE,
  /**
   * The unsafe operation docs/operations.md forbids: cancel the backends waiting for the
   * synchronous standby, then kill the leader. Expected to lose acknowledged facts; never in {@code
   * all} (only with --db=patroni).
   */
  UNSAFE;

  /** The faults that need the Patroni cluster. */
  public static final Set<Fault> DATABASE = EnumSet.of(LEADER, SWITCHOVER, STANDBY, FREEZE, UNSAFE);

  public String option() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code all} (every fault but {@code unsafe}), {@code none} or a comma-separated list
   * such as {@code kill,notify}.
   */
  public static Set<Fault> parse(String spec) {
    String trimmed = spec.trim().toLowerCase(Locale.ROOT);
    if (trimmed.equals("all")) {
      return EnumSet.complementOf(EnumSet.of(UNSAFE));
    }
    if (trimmed.equals("none") || trimmed.isEmpty()) {
      return EnumSet.noneOf(Fault.class);
    }
    Set<Fault> faults = EnumSet.noneOf(Fault.class);
    for (String name : trimmed.split(",")) {
      String option = name.trim();
      faults.add(
          Arrays.stream(values())
              .filter(f -> f.option().equals(option))
              .findFirst()
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "unknown fault '" + option + "'; known: all, none, " + known())));
    }
    return faults;
  }

  static String known() {
    return String.join(", ", Arrays.stream(values()).map(Fault::option).toList());
  }
}
