package io.payonce.server.cashier;

import io.payonce.server.order.OrderRef;
import java.time.Instant;

/**
 * A checkout session as handed to the merchant: the token is its only copy in the clear.
 *
 * @param token the unguessable token in the cashier's address
 * @param order the one order it opens
 * @param expiresAt when it stops opening it
 */
public record CheckoutSession(String token, OrderRef order, Instant expiresAt) {

  /** The cashier's address for this session, relative to the server. */
  public String path() {
    return "/cashier/" + token;
  }

  @Override
  public String toString() {
    return "CheckoutSession[order=" + order + ", expiresAt=" + expiresAt + "]";
  }
}
