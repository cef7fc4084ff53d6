package io.payonce.server.redis;

import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;

/**
 * Counts and logs the moments Redis failed us and we carried on without it: metric {@code
 * payonce.redis.failures} tagged with the operation.
 */
@Component
@ConditionalOnBooleanProperty("payonce.redis.enabled")
public class RedisFailures {

  private static final Logger log = LoggerFactory.getLogger(RedisFailures.class);

  private final MeterRegistry meters;

  RedisFailures(MeterRegistry meters) {
    this.meters = meters;
  }

  /** Records that {@code operation} went on without Redis because of {@code error}. */
  public void failedOpen(String operation, RuntimeException error) {
    meters.counter("payonce.redis.failures", "operation", operation).increment();
    log.warn(
        "redis unavailable operation={} reason={} action=continue-without-redis",
        operation,
        error.getClass().getSimpleName());
  }
}
