package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.SQLExceptionOverride.Override;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import org.junit.jupiter.api.Test;

/** Which failures make the pool close a connection instead of lending it again. */
class ClosedDatabaseEvictionUnitTests {

  private final ClosedDatabaseEviction eviction = new ClosedDatabaseEviction();

  @Test
  void aConnectionWhoseDatabaseIsClosedOrGoneIsEvicted() {
    assertThat(eviction.adjudicate(new SQLException("closed", "90098", 90098)))
        .isEqualTo(Override.MUST_EVICT);
    assertThat(
            eviction.adjudicate(
                new SQLNonTransientConnectionException("already closed", "90121", 90121)))
        .isEqualTo(Override.MUST_EVICT);
    assertThat(eviction.adjudicate(new SQLException("refused", "08001")))
        .isEqualTo(Override.MUST_EVICT);
  }

  @Test
  void aFailureOfTheStatementLeavesThePoolToDecide() {
    assertThat(eviction.adjudicate(new SQLException("duplicate", "23505", 23505)))
        .isEqualTo(Override.CONTINUE_EVICT);
  }
}
