package io.payonce.chaos.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.chaos.check.Invariant;
import io.payonce.chaos.check.Verdict;
import io.payonce.chaos.check.Violation;
import io.payonce.chaos.workload.Exchange;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportsUnitTests {

  private final Verdict verdict =
      new Verdict(
          Map.of(Invariant.I5, List.of(new Violation(Invariant.I5, "o7", "fulfilled 2 times <b>"))),
          true,
          "",
          90_000);
  private final ReportData data =
      new ReportData(
          42,
          "java -jar chaos/target/payonce-chaos.jar --seed=42",
          List.of("PostgreSQL, 2 instances"),
          List.of(
              new Timeline.Entry("instance-1", "kill -9 (restart in 2000 ms)", 10_000, -1, false),
              new Timeline.Entry("instance-1", "up (incarnation 2, 5000 ms)", 15_000, -1, false),
              new Timeline.Entry("sandbox", "notifyDrop", 20_000, 30_000, true)),
          60_000,
          95_000,
          -1,
          List.of(new long[] {0, 5, 0}, new long[] {1, 7, 1}),
          List.of(new long[] {0, 1}, new long[] {1, 0}),
          List.of(verdict),
          verdict,
          Map.of("QR_PAY", 3),
          Map.of("kill", 1),
          "requests=12",
          Latencies.table(
              List.of(
                  new Exchange(
                      0, 40, "precreate", "lb", "o1", null, null, 200, null, false, false, null),
                  new Exchange(
                      0,
                      900,
                      "precreate",
                      "lb",
                      "o2",
                      null,
                      null,
                      -1,
                      null,
                      false,
                      false,
                      "refused"))),
          orderNo -> List.of("+1.0s QR_PAY plan"));

  @Test
  void theTextNamesEveryInvariantTheViolationsWithTheirStoryAndTheSeed() {
    String text = TextReport.render(data);

    assertThat(text).contains("seed 42", "java -jar chaos/target/payonce-chaos.jar --seed=42");
    for (Invariant invariant : Invariant.values()) {
      assertThat(text).contains(invariant.name() + " " + invariant.title());
    }
    assertThat(text)
        .contains("o7: fulfilled 2 times <b>", "+1.0s QR_PAY plan", "FAILED: 1 violations");
  }

  @Test
  void theHtmlIsOneSelfContainedPageWithItsCharts() {
    String html = HtmlReport.render(data);

    assertThat(html)
        .startsWith("<!DOCTYPE html>")
        .contains("<svg", "Faults over time", "Throughput");
    assertThat(html).doesNotContain("src=\"http", "href=\"http", "<script");
    assertThat(html).contains("fulfilled 2 times &lt;b&gt;").doesNotContain("times <b>");
  }
}
