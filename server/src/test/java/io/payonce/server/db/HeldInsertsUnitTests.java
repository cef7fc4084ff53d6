package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionSynchronizationManager;

class HeldInsertsUnitTests {

  private final List<List<String>> statements = new ArrayList<>();
  private final HeldInserts<String> rows = new HeldInserts<>(batch -> statements.add(batch));

  @AfterEach
  void unbind() {
    new ArrayList<>(TransactionSynchronizationManager.getResourceMap().keySet())
        .forEach(TransactionSynchronizationManager::unbindResource);
  }

  @Test
  void aRowOutsideAroundIsInsertedAtOnce() {
    rows.add("a");

    assertThat(statements).containsExactly(List.of("a"));
  }

  @Test
  void rowsAddedInsideAroundAreInsertedTogetherWhenItReturns() {
    String answer =
        rows.around(
            () -> {
              rows.add("payment journal row");
              rows.add("order journal row");
              assertThat(statements).isEmpty();
              return "done";
            });

    assertThat(answer).isEqualTo("done");
    assertThat(statements).containsExactly(List.of("payment journal row", "order journal row"));
  }

  @Test
  void aNestedAroundJoinsTheOuterOne() {
    rows.around(
        () -> {
          rows.add("a");
          rows.around(
              () -> {
                rows.add("b");
                return null;
              });
          assertThat(statements).isEmpty();
          return null;
        });

    assertThat(statements).containsExactly(List.of("a", "b"));
  }

  @Test
  void anExceptionDiscardsTheHeldRows() {
    assertThatThrownBy(
            () ->
                rows.around(
                    () -> {
                      rows.add("a");
                      throw new IllegalStateException("rolled back");
                    }))
        .hasMessage("rolled back");

    assertThat(statements).isEmpty();
    rows.add("after");
    assertThat(statements).containsExactly(List.of("after"));
  }

  @Test
  void aRowOfAnInnerTransactionIsInsertedAtOnceNotHeldForTheOuterOne() {
    Object dataSource = new Object();
    TransactionSynchronizationManager.bindResource(dataSource, "outer connection");
    rows.around(
        () -> {
          rows.add("outer");
          // As REQUIRES_NEW does: the outer connection is suspended, another bound meanwhile.
          Object outer = TransactionSynchronizationManager.unbindResource(dataSource);
          TransactionSynchronizationManager.bindResource(dataSource, "inner connection");
          rows.add("inner");
          assertThat(statements).containsExactly(List.of("inner"));
          TransactionSynchronizationManager.unbindResource(dataSource);
          TransactionSynchronizationManager.bindResource(dataSource, outer);
          return null;
        });

    assertThat(statements).containsExactly(List.of("inner"), List.of("outer"));
  }
}
