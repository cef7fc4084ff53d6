package io.payonce.server.testing;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContext;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContextProvider;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The runs of an {@link EachClockStart} class: one with the test time started at each of {@link
 * #STARTS} before every test (and back to the wall clock after it). No run on the wall clock: a
 * pinned run is the same code on a clock that moves just as well, from a start that matters. A
 * run's name says its start ({@code clock pinned at 1559 UTC}), which the Surefire reports keep and
 * {@link TestRunSummary} counts on.
 */
final class ClockStarts implements ClassTemplateInvocationContextProvider {

  /** Just before and just after midnight in China (UTC+8), and just before midnight UTC. */
  static final List<Instant> STARTS =
      List.of(
          Instant.parse("2026-03-31T15:59:45Z"),
          Instant.parse("2026-03-31T16:00:05Z"),
          Instant.parse("2026-12-31T23:59:45Z"));

  /** What a pinned run's name starts with. */
  static final String PINNED = "clock pinned at ";

  @Override
  public boolean supportsClassTemplate(ExtensionContext context) {
    return true;
  }

  @Override
  public Stream<ClassTemplateInvocationContext> provideClassTemplateInvocationContexts(
      ExtensionContext context) {
    return STARTS.stream().map(Run::new);
  }

  /** One run of the class: its tests from a pinned start. */
  private record Run(Instant start) implements ClassTemplateInvocationContext {

    @Override
    public String getDisplayName(int invocationIndex) {
      return PINNED + hhmm(start) + " UTC";
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
      return List.of(new Pin(start));
    }

    private static String hhmm(Instant instant) {
      String time = instant.toString().substring(11, 16);
      return time.replace(":", "");
    }
  }

  /** Starts the test time at the run's instant before each test, and restarts it after. */
  private record Pin(Instant start) implements BeforeEachCallback, AfterEachCallback {

    @Override
    public void beforeEach(ExtensionContext context) {
      TestTime.startAt(start);
    }

    @Override
    public void afterEach(ExtensionContext context) {
      TestTime.restart();
    }
  }
}
