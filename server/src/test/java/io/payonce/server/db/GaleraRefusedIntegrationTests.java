package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.testing.GaleraNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** A Galera node as the database: PayOnce says why it will not run on it, and migrates nothing. */
class GaleraRefusedIntegrationTests {

  @TempDir static Path dir;
  static GaleraNode galera;

  @BeforeAll
  static void startGalera() throws Exception {
    galera = GaleraNode.start(dir);
  }

  @AfterAll
  static void stopGalera() {
    if (galera != null) {
      galera.close();
    }
  }

  @Test
  void aGaleraNodeIsRefusedAtStartWithWhatToUseInstead() throws Exception {
    assertThatThrownBy(
            () ->
                new SpringApplicationBuilder(PayOnceApplication.class)
                    .run(
                        "--server.port=0",
                        "--spring.datasource.url=" + galera.url(),
                        "--spring.datasource.username=root",
                        "--spring.datasource.password=",
                        "--logging.level.root=OFF"))
        .satisfies(
            failure -> {
              UnsafeDatabaseException cause = unsafe(failure);
              FailureAnalysis analysis = new UnsafeDatabaseFailureAnalyzer().analyze(failure);
              assertThat(analysis.getDescription()).contains("Galera", "wsrep_on=ON");
              assertThat(analysis.getAction()).contains("single MariaDB", "Patroni");
              assertThat(cause).isNotNull();
            });
    try (Connection c = galera.connect("payonce");
        ResultSet tables = c.getMetaData().getTables("payonce", null, "%", null)) {
      assertThat(tables.next()).as("a table was created on the Galera node").isFalse();
    }
  }

  private static UnsafeDatabaseException unsafe(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof UnsafeDatabaseException u) {
        return u;
      }
    }
    throw new AssertionError("not refused as an unsafe database", failure);
  }
}
