package io.payonce.server.chaos;

import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's clock, offset by {@code payonce.chaos.clock-skew} when (and only when) it is set.
 */
public final class SkewedClock {

  private static final Logger log = LoggerFactory.getLogger(SkewedClock.class);

  private SkewedClock() {}

  public static Clock of(Clock base, ChaosProperties props) {
    if (props.clockSkew().isZero()) {
      return base;
    }
    log.warn("chaos clock skew={}", props.clockSkew());
    return Clock.offset(base, props.clockSkew());
  }
}
