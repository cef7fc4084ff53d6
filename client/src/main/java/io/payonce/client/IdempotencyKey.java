package io.payonce.client;

import java.util.Objects;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * A caller-chosen {@code Idempotency-Key}: one per business intent, kept by the caller so that a
 * call repeated after the caller's own crash or restart is answered from the first outcome, not
 * carried out again. The server accepts 1 to 64 visible ASCII characters and keeps a key for its
 * {@code payonce.idempotency.ttl} (24 h by default); a key is scoped to the app, and sent again
 * with other fields or to another endpoint it is refused ({@code idempotency-key-reused}, 422).
 *
 * <p>Without one the client draws a random key per call, which covers its own retries only.
 *
 * @param value the key as sent
 */
public record IdempotencyKey(String value) {

  private static final Pattern VISIBLE_ASCII = Pattern.compile("[\\x21-\\x7E]{1,64}");

  public IdempotencyKey {
    Objects.requireNonNull(value, "value");
    if (!VISIBLE_ASCII.matcher(value).matches()) {
      throw new IllegalArgumentException(
          "An Idempotency-Key is 1 to 64 visible ASCII characters (no spaces)");
    }
  }

  /** The key {@code value}, checked as the server checks it. */
  public static IdempotencyKey of(String value) {
    return new IdempotencyKey(value);
  }

  static IdempotencyKey random() {
    return new IdempotencyKey(UUID.randomUUID().toString());
  }

  @Override
  public String toString() {
    return value;
  }
}
