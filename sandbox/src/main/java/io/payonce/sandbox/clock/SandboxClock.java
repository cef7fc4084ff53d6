package io.payonce.sandbox.clock;

import io.payonce.sandbox.SandboxResettable;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/**
 * The sandbox's notion of "now": a base clock (the system's UTC clock) plus an offset tests can
 * move, so expiry is tested by moving time instead of sleeping.
 *
 * <p>Not a {@link Clock} bean on purpose: the host application may define its own, and two beans of
 * one type would break its injection. A host may instead give the sandbox the base it runs on as a
 * {@link Clock} bean named {@value #BASE_CLOCK_BEAN} — tests that pin the date do, so that the
 * host's clock and the sandbox's agree on it.
 */
@Component
public class SandboxClock implements SandboxResettable {

  /**
   * How far the clock may be moved either way: ten years. Far enough for any expiry or bill date a
   * test needs; an offset of ±292 billion years made every later reading of the clock overflow.
   */
  public static final Duration MAX_OFFSET = Duration.ofDays(3650);

  /** The name of the optional host bean the sandbox takes as its base clock. */
  public static final String BASE_CLOCK_BEAN = "payonceSandboxBaseClock";

  private final Clock base;
  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

  @Autowired
  SandboxClock(@Qualifier(BASE_CLOCK_BEAN) ObjectProvider<Clock> base) {
    this(base.getIfAvailable(Clock::systemUTC));
  }

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

  /** Throws IllegalArgumentException for an offset beyond {@link #MAX_OFFSET} either way. */
  public void setOffset(Duration newOffset) {
    // Not abs(): the most negative Duration has none.
    if (newOffset.compareTo(MAX_OFFSET) > 0 || newOffset.compareTo(MAX_OFFSET.negated()) < 0) {
      throw new IllegalArgumentException(
          "offset must be at most " + MAX_OFFSET.toDays() + " days either way");
    }
    offset.set(newOffset);
  }

  @Override
  public void reset() {
    offset.set(Duration.ZERO);
  }
}
