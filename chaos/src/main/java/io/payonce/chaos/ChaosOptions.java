package io.payonce.chaos;

import io.payonce.chaos.cluster.Database;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What one run does, from {@code --name=value} options. Every random choice of the run is derived
 * from {@link #seed}: the same options replay the same workload and the same fault plan (process
 * scheduling still varies, so interleavings do too).
 *
 * @param seed the run's seed; printed first
 * @param db the database all instances share (its {@code payonce_chaos} database is recreated)
 * @param instances how many PayOnce instances (at least 2)
 * @param duration how long the workload starts new scenarios
 * @param redis run the instances with Redis ({@code payonce.redis.enabled})
 * @param rabbitmq relay events to RabbitMQ ({@code payonce.events.rabbit.enabled}) instead of the
 *     webhook
 * @param faults the fault kinds to inject
 * @param crashRate the probability with which each crash point halts an instance
 * @param faultEvery the mean pause between two injected faults
 * @param workers how many scenarios run at once
 * @param drainTimeout the longest wait, after the workload, for the system to settle
 * @param qrTtl the QR codes' lifetime ({@code payonce.payment.qr-ttl}); the drain waits for it
 * @param heap each JVM's {@code -Xmx}
 * @param workDir where logs, sandbox data and reports go
 * @param serverJar the server's exec jar
 * @param sandboxJar the sandbox's exec jar
 */
public record ChaosOptions(
    long seed,
    Database db,
    int instances,
    Duration duration,
    boolean redis,
    boolean rabbitmq,
    Set<Fault> faults,
    double crashRate,
    Duration faultEvery,
    int workers,
    Duration drainTimeout,
    Duration qrTtl,
    String heap,
    Path workDir,
    Path serverJar,
    Path sandboxJar) {

  public ChaosOptions {
    if (instances < 2) {
      throw new IllegalArgumentException("--instances must be at least 2");
    }
    if (crashRate < 0 || crashRate > 1) {
      throw new IllegalArgumentException("--crash-rate must be between 0 and 1");
    }
    if (workers < 1) {
      throw new IllegalArgumentException("--workers must be at least 1");
    }
    faults = Set.copyOf(faults.isEmpty() ? EnumSet.noneOf(Fault.class) : EnumSet.copyOf(faults));
  }

  /**
   * The faults that apply: Redis and RabbitMQ faults only when those servers are in use, the
   * database faults only on the Patroni cluster.
   */
  public boolean injects(Fault fault) {
    return faults.contains(fault)
        && (fault != Fault.REDIS || redis)
        && (fault != Fault.RABBITMQ || rabbitmq)
        && (!Fault.DATABASE.contains(fault) || db == Database.PATRONI);
  }

  public static ChaosOptions parse(String... args) {
    Map<String, String> given = new LinkedHashMap<>();
    for (String arg : args) {
      if (arg.equals("--redis") || arg.equals("--rabbitmq")) {
        given.put(arg.substring(2), "true");
        continue;
      }
      String[] pair = arg.replaceFirst("^--", "").split("=", 2);
      if (!arg.startsWith("--") || pair.length != 2) {
        throw new IllegalArgumentException("expected --name=value, got " + arg);
      }
      given.put(pair[0], pair[1]);
    }
    long seed =
        given.containsKey("seed")
            ? Long.parseLong(given.remove("seed"))
            : new SecureRandom().nextLong() & Long.MAX_VALUE;
    Database db = Database.valueOf(given.getOrDefault("db", "postgres").toUpperCase(Locale.ROOT));
    given.remove("db");
    int instances = Integer.parseInt(take(given, "instances", "2"));
    Duration duration = duration(take(given, "duration", "2m"));
    boolean redis = Boolean.parseBoolean(take(given, "redis", "false"));
    boolean rabbitmq = Boolean.parseBoolean(take(given, "rabbitmq", "false"));
    Set<Fault> faults = Fault.parse(take(given, "faults", "all"));
    double crashRate = Double.parseDouble(take(given, "crash-rate", "0.003"));
    Duration faultEvery = duration(take(given, "fault-every", "10s"));
    int workers = Integer.parseInt(take(given, "workers", "8"));
    Duration drain = duration(take(given, "drain-timeout", "150s"));
    Duration qrTtl = duration(take(given, "qr-ttl", "30s"));
    String heap = take(given, "heap", "256m");
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    Path workDir =
        Path.of(
            take(
                given,
                "work-dir",
                "target/chaos-runs/"
                    + db.name().toLowerCase(Locale.ROOT)
                    + "-seed"
                    + seed
                    + "-"
                    + stamp));
    Path serverJar =
        Path.of(take(given, "server-jar", System.getProperty("payonce.chaos.server-jar", "")));
    Path sandboxJar =
        Path.of(take(given, "sandbox-jar", System.getProperty("payonce.chaos.sandbox-jar", "")));
    if (!given.isEmpty()) {
      throw new IllegalArgumentException("unknown option --" + given.keySet().iterator().next());
    }
    return new ChaosOptions(
        seed,
        db,
        instances,
        duration,
        redis,
        rabbitmq,
        faults,
        crashRate,
        faultEvery,
        workers,
        drain,
        qrTtl,
        heap,
        workDir.toAbsolutePath().normalize(),
        locate(serverJar, Path.of("server", "target"), "payonce-server-exec.jar"),
        locate(sandboxJar, Path.of("sandbox", "target"), "payonce-sandbox-exec.jar"));
  }

  /** The options that replay this run's workload and fault plan. */
  public String replayArguments() {
    StringBuilder line =
        new StringBuilder()
            .append("--seed=")
            .append(seed)
            .append(" --db=")
            .append(db.name().toLowerCase(Locale.ROOT))
            .append(" --instances=")
            .append(instances)
            .append(" --duration=")
            .append(format(duration));
    if (redis) {
      line.append(" --redis");
    }
    if (rabbitmq) {
      line.append(" --rabbitmq");
    }
    line.append(" --faults=")
        .append(
            faults.isEmpty()
                ? "none"
                : String.join(",", EnumSet.copyOf(faults).stream().map(Fault::option).toList()))
        .append(" --crash-rate=")
        .append(crashRate)
        .append(" --fault-every=")
        .append(format(faultEvery))
        .append(" --workers=")
        .append(workers)
        .append(" --qr-ttl=")
        .append(format(qrTtl));
    return line.toString();
  }

  /** Durations as {@code 90s}, {@code 2m}, {@code 1h} or ISO-8601 ({@code PT1M30S}). */
  static Duration duration(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.startsWith("pt")) {
      return Duration.parse(t.toUpperCase(Locale.ROOT));
    }
    if (t.endsWith("ms")) {
      return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
    }
    long amount = Long.parseLong(t.substring(0, t.length() - 1));
    return switch (t.charAt(t.length() - 1)) {
      case 's' -> Duration.ofSeconds(amount);
      case 'm' -> Duration.ofMinutes(amount);
      case 'h' -> Duration.ofHours(amount);
      default -> throw new IllegalArgumentException("not a duration: " + text);
    };
  }

  static String format(Duration d) {
    return d.toSeconds() % 60 == 0 && d.toSeconds() > 0 && d.toMillis() % 1000 == 0
        ? d.toMinutes() + "m"
        : d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
  }

  private static String take(Map<String, String> given, String name, String fallback) {
    String value = given.remove(name);
    return value == null ? fallback : value;
  }

  /** The jar given, else the newest match of {@code pattern} under {@code dir} here or above. */
  private static Path locate(Path given, Path dir, String pattern) {
    if (!given.toString().isEmpty()) {
      return given.toAbsolutePath().normalize();
    }
    for (Path base = Path.of("").toAbsolutePath(); base != null; base = base.getParent()) {
      Path candidates = base.resolve(dir);
      if (Files.isDirectory(candidates)) {
        try (Stream<Path> files = Files.list(candidates)) {
          var matcher = candidates.getFileSystem().getPathMatcher("glob:" + pattern);
          var found = files.filter(f -> matcher.matches(f.getFileName())).findFirst();
          if (found.isPresent()) {
            return found.get();
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return dir.resolve(pattern).toAbsolutePath();
  }
}
