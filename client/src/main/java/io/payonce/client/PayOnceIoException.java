package io.payonce.client;

/**
 * The server could not be reached, or the connection broke, on every attempt. The request may or
 * may not have been carried out: call again (with the same order number, refund number or
 * Idempotency-Key, as the client's own retries do) to learn which.
 */
public class PayOnceIoException extends PayOnceException {

  public PayOnceIoException(String message, Throwable cause) {
    super(message, cause);
  }
}
