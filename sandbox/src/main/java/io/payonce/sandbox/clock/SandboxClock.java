package io.payonce.sandbox.clock;

import io.payonce.sandbox.SandboxResettable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/**
 * The sandbox's notion of "now": the system clock plus an offset tests can move, so expiry is
 * tested by moving time instead of sleeping.
 *
 * <p>Not a {@link Clock} bean on purpose: the host application may define its own, and two beans of
 * one type would break its injection.
 */
@Component
public class SandboxClock implements SandboxResettable {

  private final Clock base;
  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

  public SandboxClock() {
    this(Clock.systemUTC());
  }

  SandboxClock(Clock base) {
    this.base = base;
  }

  /** The clock every sandbox component reads. */
  public Clock clock() {
    return Clock.offset(base, offset.get());
  }

  public Instant now() {
    return base.instant().plus(offset.get());
  }

  public Duration offset() {
    return offset.get();
  }

  public void setOffset(Duration newOffset) {
    offset.set(newOffset);
  }

  @Override
  public void reset() {
    offset.set(Duration.ZERO);
  }
}
