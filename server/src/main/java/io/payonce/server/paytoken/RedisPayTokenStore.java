package io.payonce.server.paytoken;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;

/**
 * Tokens in Redis: {@code pay:token:v2:{appId}:{token}} holds {@code U|<expires millis>|<userId>}
 * while unused and {@code X|...} once used, and lives until the token is purged. The app is part of
 * the key, so another app's lookup finds nothing (tokens of the first format, without the app, are
 * no longer found: they lived minutes). Consuming is one Lua script — check unused and unexpired,
 * then mark — which Redis runs atomically: never a read then a delete.
 */
@Component
@ConditionalOnBooleanProperty("payonce.redis.enabled")
class RedisPayTokenStore implements PayTokenStore {

  private static final org.slf4j.Logger log =
      org.slf4j.LoggerFactory.getLogger(RedisPayTokenStore.class);
  private static final String PREFIX = "pay:token:v2:";

  private static final RedisScript<Long> CONSUME =
      RedisScript.of(
          """
          local v = redis.call('GET', KEYS[1])
          if not v or string.sub(v, 1, 2) ~= 'U|' then return 0 end
          local sep = string.find(v, '|', 3, true)
          if tonumber(string.sub(v, 3, sep - 1)) <= tonumber(ARGV[1]) then return 0 end
          redis.call('SET', KEYS[1], 'X' .. string.sub(v, 2), 'KEEPTTL')
          return 1
          """,
          Long.class);

  private static final RedisScript<Long> RESTORE =
      RedisScript.of(
          """
          local v = redis.call('GET', KEYS[1])
          if not v or string.sub(v, 1, 2) ~= 'X|' then return 0 end
          redis.call('SET', KEYS[1], 'U' .. string.sub(v, 2), 'KEEPTTL')
          return 1
          """,
          Long.class);

  private final StringRedisTemplate redis;

  RedisPayTokenStore(StringRedisTemplate redis) {
    this.redis = redis;
  }

  @Override
  public void issue(
      String appId,
      String token,
      String userId,
      Instant now,
      Instant expiresAt,
      Instant purgeAfter) {
    String value = "U|" + expiresAt.toEpochMilli() + "|" + userId;
    call(
        () -> redis.opsForValue().set(key(appId, token), value, Duration.between(now, purgeAfter)));
  }

  @Override
  public Optional<PayToken> find(String appId, String token) {
    String value = call(() -> redis.opsForValue().get(key(appId, token)));
    if (value == null) {
      return Optional.empty();
    }
    int sep = value.indexOf('|', 2);
    return Optional.of(
        new PayToken(
            token,
            value.substring(sep + 1),
            Instant.ofEpochMilli(Long.parseLong(value.substring(2, sep))),
            value.startsWith("X|")));
  }

  @Override
  public boolean consume(String appId, String token, Instant now) {
    Long done =
        call(() -> redis.execute(CONSUME, List.of(key(appId, token)), "" + now.toEpochMilli()));
    return done != null && done == 1L;
  }

  @Override
  public void restore(String appId, String token) {
    call(() -> redis.execute(RESTORE, List.of(key(appId, token))));
  }

  // App ids are [A-Za-z0-9_-] (the signature's header checks them), so ':' cannot be forged into
  // one.
  private static String key(String appId, String token) {
    return PREFIX + appId + ":" + token;
  }

  private static <T> T call(java.util.function.Supplier<T> command) {
    try {
      return command.get();
    } catch (org.springframework.dao.DataAccessException e) {
      log.warn("redis pay token store unavailable reason={}", e.getClass().getSimpleName());
      throw new Unavailable(e);
    }
  }

  private static void call(Runnable command) {
    call(
        () -> {
          command.run();
          return null;
        });
  }
}
