package io.payonce.client;

import java.time.Instant;

/**
 * A checkout session: send the buyer to {@code url} (relative to the server's base URL), PayOnce's
 * cashier page for the order.
 */
public record CheckoutSession(String orderNo, String url, Instant expiresAt) {}
