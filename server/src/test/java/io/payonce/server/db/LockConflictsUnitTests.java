package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.PessimisticLockingFailureException;

class LockConflictsUnitTests {

  @Test
  void aMariaDbDeadlockVictimIsOneWhateverItsSqlState() {
    var deadlock = new SQLTransactionRollbackException("Deadlock found", "40001", 1213);

    assertThat(LockConflicts.isVictim(new PessimisticLockingFailureException("x", deadlock)))
        .isTrue();
    assertThat(LockConflicts.isVictim(new SQLException("Deadlock found", "HY000", 1213))).isTrue();
  }

  @Test
  void aPostgresDeadlockOrSerializationFailureIsOne() {
    assertThat(LockConflicts.isVictim(new SQLException("deadlock detected", "40P01"))).isTrue();
    assertThat(LockConflicts.isVictim(new SQLException("could not serialize", "40001"))).isTrue();
  }

  @Test
  void aLockWaitTimeoutOrAnyOtherFailureIsNot() {
    assertThat(LockConflicts.isVictim(new SQLException("Lock wait timeout", "HY000", 1205)))
        .isFalse();
    assertThat(
            LockConflicts.isVictim(
                new DataIntegrityViolationException(
                    "x", new SQLException("Duplicate entry", "23000", 1062))))
        .isFalse();
    assertThat(LockConflicts.isVictim(new IllegalStateException())).isFalse();
  }
}
