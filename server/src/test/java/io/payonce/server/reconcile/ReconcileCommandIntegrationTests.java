package io.payonce.server.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.alipay.AlipayBillWriter;
import io.payonce.server.app.AppAdmin;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.env.Environment;

/**
 * {@code payonce reconcile --file} as an operator runs it, in this JVM against the test's database:
 * a bill given by hand is reconciled as the account {@code --channel-config} names (the bootstrap
 * one when it names none), and a configuration the channel does not have is a usage error that
 * reconciles nothing. Run on each database through the {@code OnH2}, {@code OnMariaDb} and {@code
 * OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
@ExtendWith(OutputCaptureExtension.class)
abstract class ReconcileCommandIntegrationTests {

  private static final AtomicLong NEXT_ACCOUNT = new AtomicLong(System.nanoTime() % 1_000_000);

  @Autowired Environment environment;
  @Autowired Reconciliations reconciliations;
  @Autowired AppAdmin admin;
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

  @Test
  void aBillGivenByHandIsReconciledAsTheAccountItNamesAndLeavesTheBootstrapAccountsDayAlone(
      CapturedOutput output) throws Exception {
    String config = ownAccount(Channel.ALIPAY, Map.of("appId", alipayAppId()));
    LocalDate day = LocalDate.of(2019, 7, 1);
    assertThat(
            command("--channel", "alipay", "--date", day.toString(), "--file", bill("ours.zip", 1)))
        .isEqualTo(ReconcileCommand.ANOMALIES);
    ReconciliationRun bootstrapDay =
        reconciliations.find("ALIPAY", ChannelConfigKey.BOOTSTRAP, day).orElseThrow();

    int status =
        command(
            "--channel",
            "alipay",
            "--channel-config",
            config,
            "--date",
            day.toString(),
            "--file",
            bill("the-apps.zip", 2));

    assertThat(status).isEqualTo(ReconcileCommand.ANOMALIES);
    assertThat(reconciliations.find("ALIPAY", config, day))
        .as("the run of the account the bill is of")
        .hasValueSatisfying(
            run -> {
              assertThat(run.status()).isEqualTo(RunStatus.COMPLETED);
              assertThat(run.source()).isEqualTo(RunSource.FILE);
              assertThat(run.counts().get(Outcome.UNKNOWN_TRADE)).isEqualTo(2);
              assertThat(output.getOut()).contains("ALIPAY " + config + " " + day + ": COMPLETED");
            });
    assertThat(reconciliations.find("ALIPAY", ChannelConfigKey.BOOTSTRAP, day).orElseThrow())
        .as("the bootstrap account's run of that day")
        .satisfies(
            run -> {
              assertThat(run.attempt()).isEqualTo(bootstrapDay.attempt());
              assertThat(run.counts().get(Outcome.UNKNOWN_TRADE)).isEqualTo(1);
            });
  }

  @Test
  void aConfigurationTheChannelDoesNotHaveIsAUsageErrorAndReconcilesNothing(CapturedOutput output)
      throws Exception {
    LocalDate day = LocalDate.of(2019, 7, 2);
    String mchid = mchid();
    String wechat = ownAccount(Channel.WECHAT, Map.of("mchid", mchid, "appid", "wxc" + mchid));
    String bill = bill("bill.zip", 1);

    int unknown =
        command(
            "--channel",
            "alipay",
            "--channel-config",
            "cc_nosuchconfig",
            "--date",
            day.toString(),
            "--file",
            bill);
    int another =
        command(
            "--channel",
            "alipay",
            "--channel-config",
            wechat,
            "--date",
            day.toString(),
            "--file",
            bill);

    assertThat(unknown).isEqualTo(ReconcileCommand.USAGE);
    assertThat(another).isEqualTo(ReconcileCommand.USAGE);
    assertThat(output.getErr())
        .contains("no alipay configuration cc_nosuchconfig")
        .contains("no alipay configuration " + wechat)
        .contains("usage: reconcile");
    for (String config : List.of(ChannelConfigKey.BOOTSTRAP, "cc_nosuchconfig", wechat)) {
      assertThat(reconciliations.find("ALIPAY", config, day)).as(config).isEmpty();
    }
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

  /** A new app with its own account of the channel; the key of that configuration. */
  private String ownAccount(Channel channel, Map<String, String> fields) {
    String appId = admin.create("reconcile command").appId();
    return admin.putChannel(appId, channel, fields).configKey();
  }

  private static String alipayAppId() {
    return "2098" + String.format("%012d", NEXT_ACCOUNT.incrementAndGet());
  }

  private static String mchid() {
    return String.valueOf(1_900_000_000L + NEXT_ACCOUNT.incrementAndGet() % 99_999_999L);
  }
}
