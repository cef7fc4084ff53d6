package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.File;
import java.io.StringReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerProcessUnitTests {

  @Test
  void theBenchsExecutableJarIsStartedByJarWithTheSameFlagsButADebuggersOrAnAgents() {
    List<String> command =
        ServerProcess.command(
            "/jdk/bin/java",
            List.of(
                "-Xmx2g",
                "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                "-javaagent:/x/jacoco.jar",
                "-XX:+UseG1GC"),
            List.of(),
            "bench/target/payonce-bench.jar");

    assertThat(command)
        .containsExactly(
            "/jdk/bin/java",
            "-Xmx2g",
            "-XX:+UseG1GC",
            "-jar",
            "bench/target/payonce-bench.jar",
            ServerProcess.COMMAND);
  }

  @Test
  void aClassPathOfManyEntriesStartsTheBenchsMainOnIt() {
    String classPath = "bench/target/classes" + File.pathSeparator + "server.jar";

    assertThat(ServerProcess.command("java", List.of(), List.of(), classPath))
        .containsExactly(
            "java", "-cp", classPath, ScanToPayBench.class.getName(), ServerProcess.COMMAND);
  }

  @Test
  void extraFlagsFromTheEnvironmentFollowTheBenchsButNotItsFlightRecording() {
    List<String> command =
        ServerProcess.command(
            "java",
            List.of("-Xmx2g", "-XX:StartFlightRecording=filename=/tmp/bench.jfr"),
            ServerProcess.extraFlags(
                "  -XX:StartFlightRecording=filename=/tmp/server.jfr,settings=profile\t-Xss1m "),
            "bench.jar");

    assertThat(command)
        .containsExactly(
            "java",
            "-Xmx2g",
            "-XX:StartFlightRecording=filename=/tmp/server.jfr,settings=profile",
            "-Xss1m",
            "-jar",
            "bench.jar",
            ServerProcess.COMMAND);
    assertThat(ServerProcess.extraFlags(null)).isEmpty();
    assertThat(ServerProcess.extraFlags(" ")).isEmpty();
  }

  @Test
  void settingsSentOnLinesAreReadBackAsTheyWereValuesWithEqualsSignsIncluded() throws Exception {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("server.port", "0");
    settings.put("payonce.apps.master-key", "YmVuY2g=");
    settings.put("payonce.alipay.gateway-url", "http://127.0.0.1:${local.server.port}/g?a=b");
    settings.put("payonce.reconcile.cron", "-");

    String text = ServerProcess.settingsText(settings);
    BufferedReader lines = new BufferedReader(new StringReader(text + "after the blank line\n"));

    assertThat(ServerProcess.settings(lines)).containsExactlyEntriesOf(settings);
    // The blank line ends the settings: what follows is left unread.
    assertThat(lines.readLine()).isEqualTo("after the blank line");
  }

  @Test
  void aSettingThatWouldBreakItsLineIsRefused() {
    assertThatThrownBy(() -> ServerProcess.settingsText(Map.of("a", "one\ntwo")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ServerProcess.settingsText(Map.of("a=b", "c")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theServerJvmsCpuIsReadLikeAnyProcesssStatLine() {
    String stat = "77 (java) S 1 77 77 0 -1 0 0 0 0 0 300 45 0 0 20 0 30 0 100 0 0";

    assertThat(SustainedPipeline.cpuTicks(stat, false)).isEqualTo(345);
  }
}
