package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BenchDatabaseUnitTests {

  @Test
  void theBenchUsesItsOwnDatabaseUnlessGivenAnother() {
    assertThat(BenchDatabase.databaseName(null)).isEqualTo("payonce_bench");
    assertThat(BenchDatabase.databaseName(" ")).isEqualTo("payonce_bench");
    assertThat(BenchDatabase.databaseName("payonce_bench_perf")).isEqualTo("payonce_bench_perf");
  }

  @Test
  void theTestsDatabasesAndOddNamesAreRefused() {
    for (String name : new String[] {"test", "test_a", "test_perf", "Bench", "x;DROP", "1abc"}) {
      assertThatThrownBy(() -> BenchDatabase.databaseName(name))
          .as(name)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }
}
