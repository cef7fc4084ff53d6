package io.payonce.server.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.alipay.AlipayBillWriter;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.Environment;

/**
 * {@code payonce reconcile --file} as an operator runs it, in this JVM against the test's database:
 * a bill given by hand is reconciled and reported. Run on each database through the {@code OnH2},
 * {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
abstract class ReconcileCommandIntegrationTests {

  @Autowired Environment environment;
  @Autowired Reconciliations reconciliations;
  @TempDir Path dir;

  @Test
  void aBillGivenByHandIsReconciledAsTheBootstrapAccountsWhenItNamesNone(CapturedOutput output)
      throws Exception {
    LocalDate day = LocalDate.of(2019, 6, 30);

    int status =
        command("--channel", "alipay", "--date", day.toString(), "--file", bill("ours.zip", 1));

    assertThat(status).isEqualTo(ReconcileCommand.ANOMALIES);
    assertThat(reconciliations.find("ALIPAY", ChannelConfigKey.BOOTSTRAP, day))
        .hasValueSatisfying(
            run -> {
              assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
              assertThat(run.source()).isEqualTo(RunSource.FILE);
              assertThat(run.counts().get(Outcome.UNKNOWN_TRADE)).isEqualTo(1);
              assertThat(output.getOut()).contains("ALIPAY " + day + ": COMPLETED");
            });
  }

  /** The command's exit status, run as {@code java -jar ... reconcile} would on this database. */
  private int command(String... options) {
    List<String> args = new ArrayList<>(List.of(ReconcileCommand.NAME));
    args.addAll(List.of(options));
    args.add("--spring.datasource.url=" + environment.getProperty("spring.datasource.url"));
    args.add(
        "--spring.datasource.username=" + environment.getProperty("spring.datasource.username"));
    args.add(
        "--spring.datasource.password="
            + environment.getProperty("spring.datasource.password", ""));
    // This context migrated the database, the tests' own migration included; none is run again.
    args.add("--spring.flyway.enabled=false");
    args.add("--payonce.apps.master-key=" + environment.getProperty("payonce.apps.master-key"));
    // The command's context sets the JVM's log levels: leave them as the tests' are.
    args.add("--logging.level.io.payonce=INFO");
    return ReconcileCommand.run(args.toArray(String[]::new), PayOnceApplication.class);
  }

  /** An Alipay bill of {@code rows} trades we never issued. */
  private String bill(String name, int rows) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (AlipayBillWriter writer = AlipayBillWriter.gbk(out, LocalDate.of(2019, 7, 1))) {
      for (int i = 0; i < rows; i++) {
        writer.payment("T" + UUID.randomUUID(), "NOT-OURS-" + UUID.randomUUID(), 100 + i);
      }
    }
    return Files.write(dir.resolve(name), out.toByteArray()).toString();
  }
}
