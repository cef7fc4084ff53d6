package io.payonce.server.cashier;

import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * Checkout sessions: the merchant opens one for an order of its app and sends the buyer to its
 * address; the cashier page and every call it makes are authorised by the session's token alone,
 * for that order only, until the session expires. An order's number opens nothing.
 */
@Service
public class CheckoutSessions {

  /** A token as issued: 256 random bits, Base64url without padding. */
  public static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{43}");

  private final CheckoutSessionRepository sessions;
  private final OrderService orders;
  private final Clock clock;
  private final Duration ttl;
  private final SecureRandom random = new SecureRandom();

  CheckoutSessions(
      CheckoutSessionRepository sessions,
      OrderService orders,
      Clock clock,
      @Value("${payonce.checkout.ttl:PT30M}") Duration ttl) {
    this.sessions = sessions;
    this.orders = orders;
    this.clock = clock;
    this.ttl = ttl;
  }

  /**
   * Opens a session for the app's order.
   *
   * @throws OrderNotFoundException the app has no such order
   * @throws OrderNotPayableException the order is paid (or refunded) or closed: its cashier would
   *     have nothing to take
   */
  public CheckoutSession open(OrderRef order) {
    Order found = orders.find(order).orElseThrow(() -> new OrderNotFoundException(order.orderNo()));
    if (found.status() != OrderStatus.CREATED && found.status() != OrderStatus.PAYING) {
      throw new OrderNotPayableException(found.id(), found.status());
    }
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    Instant now = clock.instant();
    Instant expiresAt = now.plus(ttl);
    sessions.insert(hash(token), order, now, expiresAt);
    return new CheckoutSession(token, order, expiresAt);
  }

  /** The order a live session's token opens; empty for an unknown, malformed or expired token. */
  public Optional<OrderRef> order(String token) {
    if (token == null || !TOKEN.matcher(token).matches()) {
      return Optional.empty();
    }
    return sessions.findLive(hash(token), clock.instant());
  }

  /** Deletes sessions that expired a day ago or more. */
  @Scheduled(fixedDelayString = "PT1H", initialDelayString = "PT1H")
  void purge() {
    sessions.purge(clock.instant().minus(Duration.ofDays(1)));
  }

  private static String hash(String token) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(token.getBytes(StandardCharsets.US_ASCII)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }
}
