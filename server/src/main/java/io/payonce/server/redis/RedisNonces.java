package io.payonce.server.redis;

import io.payonce.server.app.SharedNonces;
import java.time.Duration;
import java.time.Instant;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * Nonces in Redis when it is enabled: {@code SET api:nonce:{appId}:{nonce} NX PX <until the window
 * closes>}, one round trip and no database write per request; Redis forgets them by itself.
 */
@Component
@ConditionalOnBooleanProperty("payonce.redis.enabled")
class RedisNonces implements SharedNonces {

  private static final String PREFIX = "api:nonce:";

  private final StringRedisTemplate redis;
  private final RedisFailures failures;

  RedisNonces(StringRedisTemplate redis, RedisFailures failures) {
    this.redis = redis;
    this.failures = failures;
  }

  @Override
  public Boolean firstUse(String appId, String nonce, Instant now, Instant keepUntil) {
    Duration ttl = Duration.between(now, keepUntil);
    try {
      // App ids and nonces are [A-Za-z0-9_-] (the signature's header checks): ':' cannot be forged.
      return redis
          .opsForValue()
          .setIfAbsent(
              PREFIX + appId + ":" + nonce, "1", ttl.isNegative() ? Duration.ofSeconds(1) : ttl);
    } catch (DataAccessException e) {
      failures.failedOpen("nonce", e);
      return null;
    }
  }
}
