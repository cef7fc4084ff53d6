package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MultiRowInsertUnitTests {

  private static final String INSERT =
      """
      INSERT INTO t (a, b, c)
      VALUES (:a, :b, :a)
      """;

  @Test
  void numbersEachRowsParametersAndKeepsARepeatedOneRepeated() {
    MultiRowInsert insert = new MultiRowInsert(INSERT);

    assertThat(insert.rows(1)).isEqualTo("INSERT INTO t (a, b, c)\nVALUES (:a0, :b0, :a0)");
    assertThat(insert.rows(3))
        .isEqualTo(
            "INSERT INTO t (a, b, c)\nVALUES (:a0, :b0, :a0), (:a1, :b1, :a1), (:a2, :b2, :a2)");
    assertThat(insert.rows(3)).isSameAs(insert.rows(3));
  }

  @Test
  void onlyAOneRowInsertIsTaken() {
    assertThatThrownBy(() -> new MultiRowInsert("SELECT 1"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new MultiRowInsert("INSERT INTO t VALUES (:a) ; VALUES (:b)"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
