package io.payonce.chaos.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DatabaseUnitTests {

  @Test
  void runsInPayonceChaosUnlessToldOtherwise() {
    assertThat(Database.databaseName(null)).isEqualTo("payonce_chaos");
    assertThat(Database.databaseName(" ")).isEqualTo("payonce_chaos");
  }

  @Test
  void aSecondRunCanTakeADatabaseOfItsOwn() {
    assertThat(Database.databaseName("payonce_soak")).isEqualTo("payonce_soak");
  }

  @Test
  void refusesANameThatIsNotAPlainIdentifier() {
    assertThatThrownBy(() -> Database.databaseName("test; DROP DATABASE test"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("PAYONCE_CHAOS_DATABASE");
    assertThatThrownBy(() -> Database.databaseName("Test"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
