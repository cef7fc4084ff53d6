package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TableWorkUnitTests {

  @Test
  void countsEachTablesWorkPerOrderBusiestFirstLeavingUntouchedTablesOut() {
    Map<String, long[]> before =
        Map.of(
            "payment", new long[] {10, 1, 0, 5, 2, 0},
            "orders", new long[] {0, 0, 0, 0, 0, 0},
            "idle", new long[] {3, 3, 3, 3, 3, 3});
    Map<String, long[]> after =
        new java.util.LinkedHashMap<>(
            Map.of(
                "payment", new long[] {30, 1, 0, 25, 12, 0},
                "orders", new long[] {40, 0, 10, 10, 10, 0},
                "idle", new long[] {3, 3, 3, 3, 3, 3}));

    assertThat(TableWork.perOrder(before, after, 10))
        .containsExactly(
            "| orders | 4.00 | 0.00 | 1.00 | 1.00 (1.00) | 0.00 |",
            "| payment | 2.00 | 0.00 | 0.00 | 2.00 (1.00) | 0.00 |");
  }

  @Test
  void aStatementsFamilyIsItsTextOnOneLineWithItsInListsOfAnyLengthAlike() {
    assertThat(
            TableWork.family("UPDATE outbox\n  SET published_at = $1\n WHERE id IN ($2, $3, $4)"))
        .isEqualTo(TableWork.family("UPDATE outbox SET published_at = $1 WHERE id IN ($2)"))
        .isEqualTo("UPDATE outbox SET published_at = $1 WHERE id IN (...)");
    assertThat(TableWork.family("SELECT a | b, `x`")).isEqualTo("SELECT a / b, 'x'");
    assertThat(TableWork.family("SELECT " + "x".repeat(200))).hasSize(140).endsWith("...");
  }
}
