package io.payonce.server.paytoken;

import io.payonce.server.channel.PaymentProducts;
import io.payonce.server.idempotency.IssuedKeys;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

/**
 * Issues pay tokens and checks them for the idempotency filter. Tokens go to Redis when it is
 * enabled and answers, else to the database; a token is looked up in Redis first, then in the
 * database, and consumed in whichever store holds it.
 */
@Service
public class PayTokens implements IssuedKeys {

  private static final Logger log = LoggerFactory.getLogger(PayTokens.class);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final PayTokenStore redis;
  private final DbPayTokenStore db;
  private final OrderService orders;
  private final PayTokenProperties props;
  private final PaymentProducts products;
  private final Clock clock;

  PayTokens(
      ObjectProvider<RedisPayTokenStore> redis,
      DbPayTokenStore db,
      OrderService orders,
      PayTokenProperties props,
      PaymentProducts products,
      Clock clock) {
    this.redis = redis.getIfAvailable();
    this.db = db;
    this.orders = orders;
    this.props = props;
    this.products = products;
    this.clock = clock;
  }

  /** A new token for {@code userId}, usable only by {@code appId}'s requests. */
  public Issued issue(String appId, String userId) {
    String token = "pt_" + HexFormat.of().formatHex(randomBytes());
    Instant now = clock.instant();
    Instant expiresAt = now.plus(props.ttl());
    Instant purgeAfter = expiresAt.plus(props.retention());
    if (redis != null) {
      try {
        redis.issue(appId, token, userId, now, expiresAt, purgeAfter);
        return new Issued(token, expiresAt);
      } catch (PayTokenStore.Unavailable e) {
        log.warn("pay token issued to database reason=redis-unavailable");
      }
    }
    db.issue(appId, token, userId, now, expiresAt, purgeAfter);
    return new Issued(token, expiresAt);
  }

  @Override
  public boolean requiredFor(String path) {
    if (!props.required()) {
      return false;
    }
    List<String> named = props.requiredOn();
    return named == null || named.isEmpty() ? products.at(path).isPresent() : named.contains(path);
  }

  @Override
  public Optional<Refusal> refusal(String appId, String key, Map<String, Object> body) {
    // Another app's token is found nowhere: it reads exactly like one never issued.
    Located located = locate(appId, key);
    if (located == null) {
      return Optional.of(Refusal.UNKNOWN);
    }
    PayToken token = located.token();
    if (token.expiredAt(clock.instant())) {
      return Optional.of(Refusal.EXPIRED);
    }
    Object orderNo = body.get("orderNo");
    Optional<Order> order =
        orderNo instanceof String number
            ? orders.find(new OrderRef(appId, number))
            : Optional.empty();
    // No such order: the token is not the problem; the request itself will say what is.
    if (order.isPresent() && !order.get().userId().equals(token.userId())) {
      return Optional.of(Refusal.ANOTHER_USERS);
    }
    return Optional.empty();
  }

  @Override
  public boolean consume(String appId, String key) {
    Located located = locate(appId, key);
    return located != null && located.store().consume(appId, key, clock.instant());
  }

  @Override
  public void restore(String appId, String key) {
    Located located = locate(appId, key);
    if (located != null) {
      located.store().restore(appId, key);
    }
  }

  /** The token and the store that holds it, or null if no store knows it. */
  private Located locate(String appId, String key) {
    if (redis != null) {
      try {
        Optional<PayToken> found = redis.find(appId, key);
        if (found.isPresent()) {
          return new Located(found.get(), redis);
        }
      } catch (PayTokenStore.Unavailable e) {
        // Issued to Redis while it was up? Then we cannot tell yet: the caller may retry.
        Optional<PayToken> fallback = db.find(appId, key);
        if (fallback.isEmpty()) {
          throw e;
        }
        return new Located(fallback.get(), db);
      }
    }
    return db.find(appId, key).map(token -> new Located(token, db)).orElse(null);
  }

  private static byte[] randomBytes() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    return bytes;
  }

  /** A token as the client gets it. */
  public record Issued(String token, Instant expiresAt) {}

  private record Located(PayToken token, PayTokenStore store) {}
}
