package io.payonce.server.alarm;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The alarms refused callbacks may record: a bucket of {@link
 * AlarmProperties#refusedCallbacksPerMinute()} per alarm type and channel, refilled whole each
 * minute of real time (not the business clock tests move). The keys are ours (an alarm type, a
 * channel's name), never the sender's, so the buckets stay few however the input varies.
 */
final class RefusedCallbackAlarmBudget {

  private final int perMinute;
  private final TimeMeter time;
  private final Map<String, Allowance> allowances = new ConcurrentHashMap<>();

  RefusedCallbackAlarmBudget(int perMinute, TimeMeter time) {
    this.perMinute = perMinute;
    this.time = time;
  }

  /**
   * Takes one alarm from the budget of this type and channel.
   *
   * @return how many were refused since the last one taken (0 or more), or empty when this one is
   *     refused too
   */
  OptionalLong take(AlarmType type, String channel) {
    Allowance allowance =
        allowances.computeIfAbsent(key(type, channel), k -> new Allowance(bucket()));
    if (allowance.bucket.tryConsume(1)) {
      return OptionalLong.of(allowance.refused.getAndSet(0));
    }
    allowance.refused.incrementAndGet();
    return OptionalLong.empty();
  }

  /** How many were refused since the last one taken. */
  long refusedSinceLastTaken(AlarmType type, String channel) {
    Allowance allowance = allowances.get(key(type, channel));
    return allowance == null ? 0 : allowance.refused.get();
  }

  private static String key(AlarmType type, String channel) {
    return type.name() + ' ' + channel;
  }

  private Bucket bucket() {
    return Bucket.builder()
        // All at once each minute, not a token at a time: a flood is told of (WARN) once a minute.
        .addLimit(
            limit -> limit.capacity(perMinute).refillIntervally(perMinute, Duration.ofMinutes(1)))
        .withCustomTimePrecision(time)
        .build();
  }

  private record Allowance(Bucket bucket, AtomicLong refused) {
    Allowance(Bucket bucket) {
      this(bucket, new AtomicLong());
    }
  }
}
