package io.payonce.bench;

import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Command-line options, {@code --name=value}.
 *
 * @param ops operations per measurement (a multiple of the storm's 20 repeats)
 * @param concurrencies client threads of each measurement
 * @param databases the servers to run against, in order
 * @param warmup operations of each kind run untimed before the first measurement
 * @param cap the longest a measurement may run; it stops taking work after that (and says so)
 * @param repetitions how many times every measurement is repeated, each on fresh orders
 * @param seed the seed of every identifier the bench makes up; printed, to repeat a run
 * @param out the directory the report, the figures as CSV and the charts are written to
 */
record BenchOptions(
    int ops,
    List<Integer> concurrencies,
    List<BenchDatabase> databases,
    int warmup,
    Duration cap,
    int repetitions,
    long seed,
    Path out) {

  static BenchOptions parse(String... args) {
    int ops = 2000;
    List<Integer> concurrencies = List.of(1, 4, 16);
    List<BenchDatabase> databases = List.of(BenchDatabase.MARIADB, BenchDatabase.POSTGRES);
    int warmup = 200;
    Duration cap = Duration.ofSeconds(600);
    int repetitions = 3;
    long seed = new SecureRandom().nextLong() & Long.MAX_VALUE;
    Path out = null;
    for (String arg : args) {
      String[] pair = arg.replaceFirst("^--", "").split("=", 2);
      if (pair.length != 2) {
        throw new IllegalArgumentException("expected --name=value, got " + arg);
      }
      switch (pair[0]) {
        case "ops" -> ops = Integer.parseInt(pair[1]);
        case "concurrency" ->
            concurrencies = Arrays.stream(pair[1].split(",")).map(Integer::valueOf).toList();
        case "db" ->
            databases =
                Arrays.stream(pair[1].split(","))
                    .map(name -> BenchDatabase.valueOf(name.trim().toUpperCase(Locale.ROOT)))
                    .toList();
        case "warmup" -> warmup = Integer.parseInt(pair[1]);
        case "cap-seconds" -> cap = Duration.ofSeconds(Long.parseLong(pair[1]));
        case "repetitions" -> repetitions = Integer.parseInt(pair[1]);
        case "seed" -> seed = Long.parseLong(pair[1]);
        case "out" -> out = Path.of(pair[1]);
        default -> throw new IllegalArgumentException("unknown option --" + pair[0]);
      }
    }
    if (ops < Operation.STORM_REPEATS || ops % Operation.STORM_REPEATS != 0) {
      throw new IllegalArgumentException("--ops must be a multiple of " + Operation.STORM_REPEATS);
    }
    if (repetitions < 1) {
      throw new IllegalArgumentException("--repetitions must be at least 1");
    }
    if (out == null) {
      out =
          Path.of(
              "target",
              "bench-results",
              "scan-to-pay-"
                  + ZonedDateTime.now(ZoneOffset.UTC)
                      .format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }
    return new BenchOptions(
        ops, concurrencies, databases, warmup, cap, repetitions, seed, out.toAbsolutePath());
  }

  @Override
  public String toString() {
    return ("--ops=%d --concurrency=%s --db=%s --warmup=%d --cap-seconds=%d --repetitions=%d"
            + " --seed=%d --out=%s")
        .formatted(
            ops,
            String.join(",", concurrencies.stream().map(String::valueOf).toList()),
            String.join(
                ",", databases.stream().map(d -> d.name().toLowerCase(Locale.ROOT)).toList()),
            warmup,
            cap.toSeconds(),
            repetitions,
            seed,
            out);
  }
}
