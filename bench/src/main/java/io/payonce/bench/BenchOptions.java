package io.payonce.bench;

import java.time.Duration;
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
 * @param cap the longest a measurement may run; it stops taking work after that
 */
record BenchOptions(
    int ops, List<Integer> concurrencies, List<BenchDatabase> databases, int warmup, Duration cap) {

  static BenchOptions parse(String... args) {
    int ops = 200;
    List<Integer> concurrencies = List.of(1, 4, 16);
    List<BenchDatabase> databases = List.of(BenchDatabase.MARIADB, BenchDatabase.POSTGRES);
    int warmup = 100;
    Duration cap = Duration.ofSeconds(30);
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
        default -> throw new IllegalArgumentException("unknown option --" + pair[0]);
      }
    }
    if (ops < Operation.STORM_REPEATS || ops % Operation.STORM_REPEATS != 0) {
      throw new IllegalArgumentException("--ops must be a multiple of " + Operation.STORM_REPEATS);
    }
    return new BenchOptions(ops, concurrencies, databases, warmup, cap);
  }

  @Override
  public String toString() {
    return "--ops=%d --concurrency=%s --db=%s --warmup=%d --cap-seconds=%d"
        .formatted(
            ops,
            String.join(",", concurrencies.stream().map(String::valueOf).toList()),
            String.join(
                ",", databases.stream().map(d -> d.name().toLowerCase(Locale.ROOT)).toList()),
            warmup,
            cap.toSeconds());
  }
}
