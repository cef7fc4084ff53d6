package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReconciliationChartsUnitTests {

  private static final List<String> BENCHMARKS =
      List.of(
          "## Scan-to-pay",
          "| rows | reconcile rows/s |",
          "|---|---|",
          "| 5 | 5 |",
          "## Reconciliation",
          "**Machine:** 2 vCPU",
          "",
          "| rows | seed s | B0 parse s | B0 rows/s | B0 peak heap MB | reconcile s |"
              + " reconcile rows/s | reconcile peak heap MB |",
          "|---|---|---|---|---|---|---|---|",
          "| 10,000 | 0.6 | 0.22 | 44,596 | 49 | 0.80 | 12,545 | 51 |",
          "| 100,000 | 4.2 | 0.39 | 255,996 | 76 | 3.06 | 32,701 | 76 |",
          "",
          "H2 (file database, same command):",
          "",
          "| rows | B0 rows/s | reconcile s | reconcile rows/s | reconcile peak heap MB |",
          "|---|---|---|---|---|",
          "| 10,000 | 5,182 | 6.38 | 1,568 | 88 |",
          "## Redis lock",
          "| rows | reconcile rows/s |",
          "|---|---|",
          "| 7 | 7 |");

  @Test
  void readsTheReconciliationSectionsTablesOnlyAndNamesTheirDatabase() {
    List<ReconciliationCharts.Row> rows = ReconciliationCharts.parse(BENCHMARKS);

    assertThat(rows)
        .extracting(ReconciliationCharts.Row::database, ReconciliationCharts.Row::rows)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("PostgreSQL", 10_000L),
            org.assertj.core.groups.Tuple.tuple("PostgreSQL", 100_000L),
            org.assertj.core.groups.Tuple.tuple("H2", 10_000L));
    assertThat(rows.get(1).reconcileRowsPerSecond()).isEqualTo(32_701);
    assertThat(rows.get(1).parseHeapMb()).isEqualTo(76);
    assertThat(rows.get(2).parseHeapMb()).isNaN();
  }

  @Test
  void readsTheBenchmarksOwnOutputWhereThereIsNoSection() {
    List<ReconciliationCharts.Row> rows =
        ReconciliationCharts.parse(
            List.of(
                "database=h2 maxHeap=128MB cpus=2 java=17",
                "| rows | B0 rows/s | reconcile rows/s | reconcile peak heap MB |",
                "|---|---|---|---|",
                "| 10,000 | 5,182 | 1,568 | 88 |"));

    assertThat(rows).singleElement().extracting(ReconciliationCharts.Row::database).isEqualTo("H2");
  }

  @Test
  void readsTheFiguresOfTheRepositorysBenchmarksMd() throws IOException {
    List<ReconciliationCharts.Row> rows =
        ReconciliationCharts.parse(Files.readAllLines(Path.of("..", "BENCHMARKS.md")));

    assertThat(rows)
        .extracting(ReconciliationCharts.Row::database)
        .as("the tables the chart is drawn from, by database")
        .contains("PostgreSQL", "H2");
    assertThat(rows)
        .allSatisfy(row -> assertThat(row.reconcileRowsPerSecond()).isPositive())
        .allSatisfy(row -> assertThat(row.reconcileHeapMb()).isPositive());
  }
}
