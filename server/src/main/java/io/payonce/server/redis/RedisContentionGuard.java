package io.payonce.server.redis;

import io.payonce.server.payment.ContentionGuard;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * Seed 000's approach B: {@code SET lock:pay:{orderNo} <token> NX PX ttl} around precreate, so that
 * a storm of duplicate requests reaches the database one at a time instead of colliding on its
 * unique keys. Only a helper: after {@code lockWait} a request goes ahead without the lock, and
 * when Redis is down every request does (counted and logged) — the database decides either way.
 */
@Component
@ConditionalOnBooleanProperty("payonce.redis.enabled")
class RedisContentionGuard implements ContentionGuard {

  // Deletes the lock only if it is still ours: it may have expired and been taken by another.
  private static final RedisScript<Long> RELEASE =
      RedisScript.of(
          "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end"
              + " return 0",
          Long.class);

  private final StringRedisTemplate redis;
  private final RedisProperties props;
  private final RedisFailures failures;

  RedisContentionGuard(StringRedisTemplate redis, RedisProperties props, RedisFailures failures) {
    this.redis = redis;
    this.props = props;
    this.failures = failures;
  }

  @Override
  public <T> T around(String orderNo, Supplier<T> work) {
    String key = "lock:pay:{" + orderNo + "}";
    String token = UUID.randomUUID().toString();
    if (!acquire(key, token)) {
      return work.get();
    }
    try {
      return work.get();
    } finally {
      release(key, token);
    }
  }

  /** Whether we hold the lock; false after the bounded wait, or when Redis is down. */
  private boolean acquire(String key, String token) {
    long deadline = System.nanoTime() + props.lockWait().toNanos();
    long pauseMillis = 5;
    try {
      while (true) {
        Boolean set = redis.opsForValue().setIfAbsent(key, token, props.lockTtl());
        if (Boolean.TRUE.equals(set)) {
          return true;
        }
        if (System.nanoTime() >= deadline) {
          return false;
        }
        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pauseMillis));
        pauseMillis = Math.min(pauseMillis * 2, 50);
      }
    } catch (RuntimeException e) {
      failures.failedOpen("lock", e);
      return false;
    }
  }

  private void release(String key, String token) {
    try {
      redis.execute(RELEASE, List.of(key), token);
    } catch (RuntimeException e) {
      // The lock expires on its own after lockTtl.
      failures.failedOpen("unlock", e);
    }
  }
}
