package io.payonce.sandbox;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContext;
import org.junit.jupiter.api.extension.ClassTemplateInvocationContextProvider;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;

/** The runs of an {@link EachClockStart} class: the wall clock, then each pinned start. */
final class ClockStarts implements ClassTemplateInvocationContextProvider {

  static final List<Instant> STARTS =
      List.of(
          Instant.parse("2026-03-31T15:59:50Z"),
          Instant.parse("2026-03-31T16:00:05Z"),
          Instant.parse("2026-12-31T23:59:50Z"));

  @Override
  public boolean supportsClassTemplate(ExtensionContext context) {
    return true;
  }

  @Override
  public Stream<ClassTemplateInvocationContext> provideClassTemplateInvocationContexts(
      ExtensionContext context) {
    return Stream.concat(Stream.of(new Run(null)), STARTS.stream().map(Run::new));
  }

  private record Run(Instant start) implements ClassTemplateInvocationContext {

    @Override
    public String getDisplayName(int invocationIndex) {
      return start == null ? "wall clock" : "clock pinned at " + start;
    }

    @Override
    public List<Extension> getAdditionalExtensions() {
      return start == null ? List.of() : List.of(new Pin(start));
    }
  }

  private record Pin(Instant start) implements BeforeEachCallback, AfterEachCallback {

    @Override
    public void beforeEach(ExtensionContext context) {
      PinnedTestClock.startAt(start);
    }

    @Override
    public void afterEach(ExtensionContext context) {
      PinnedTestClock.restart();
    }
  }
}
