package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsUnitTests {

  @TempDir Path dir;

  @Test
  void drawsThroughputLatencyRatiosAndFlushesForEachDatabase() throws Exception {
    System.setProperty("java.awt.headless", "true");
    Report report = new Report();
    for (int rep = 1; rep <= 3; rep++) {
      for (int c : new int[] {1, 4, 16}) {
        for (Operation op : Operation.values()) {
          for (Variant variant : Variant.values()) {
            if (variant.appliesTo(op)) {
              report.add(measurement(op, variant, c, rep));
            }
          }
        }
      }
    }

    List<Path> written = new Charts(report).write(dir);

    assertThat(written)
        .extracting(path -> path.getFileName().toString())
        .containsExactly(
            "throughput-postgres.png",
            "latency-postgres.png",
            "ratios-postgres.png",
            "flushes-postgres.png");
    for (Path png : written) {
      BufferedImage image = ImageIO.read(png.toFile());
      assertThat(image.getWidth()).isGreaterThan(500);
      assertThat(Files.size(png)).isGreaterThan(10_000);
    }
  }

  private static Report.Measurement measurement(Operation op, Variant variant, int c, int rep) {
    long millis = 1 + variant.ordinal() * 3L + op.ordinal() + rep;
    Histogram latencies = new Histogram(Duration.ofMinutes(5).toNanos(), 3);
    latencies.recordValueWithCount(Duration.ofMillis(millis).toNanos(), 99);
    latencies.recordValue(Duration.ofMillis(millis * 5).toNanos());
    long nanos = Duration.ofMillis(millis * 100 / c).toNanos();
    return new Report.Measurement(
        BenchDatabase.POSTGRES,
        op,
        c,
        variant,
        rep,
        100,
        new Runner.Outcome(100, 0, nanos, latencies, null),
        new BenchDatabase.Flushes(variant == Variant.B0 ? 100 : 150, 100),
        0,
        1,
        1,
        true);
  }
}
