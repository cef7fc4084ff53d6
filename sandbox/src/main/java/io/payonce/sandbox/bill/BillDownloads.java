package io.payonce.sandbox.bill;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bills behind short-lived download URLs, as every channel serves them: a bill is kept under a
 * random token its URL carries, and the URL answers until it expires (sandbox clock).
 *
 * @param <B> the bill as its channel serves it (a zip and its name, a CSV and its hash)
 */
public final class BillDownloads<B> {

  private static final SecureRandom RANDOM = new SecureRandom();

  private final Map<String, Issued<B>> issued = new ConcurrentHashMap<>();

  private record Issued<B>(B bill, Instant expiresAt) {}

  /** Keeps the bill until {@code expiresAt}; returns the token of its URL. */
  public String issue(B bill, Instant expiresAt) {
    String token = HexFormat.of().formatHex(RANDOM.generateSeed(16));
    issued.put(token, new Issued<>(bill, expiresAt));
    return token;
  }

  /** The bill behind a token, while its URL is still valid {@code now}. */
  public Optional<B> download(String token, Instant now) {
    issued.values().removeIf(bill -> !now.isBefore(bill.expiresAt()));
    return Optional.ofNullable(token == null ? null : issued.get(token)).map(Issued::bill);
  }

  /** Forgets every bill issued. */
  public void clear() {
    issued.clear();
  }
}
