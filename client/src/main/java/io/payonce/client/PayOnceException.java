package io.payonce.client;

/** Anything the client could not do; a {@link PayOnceProblemException} when the server said why. */
public class PayOnceException extends RuntimeException {

  public PayOnceException(String message) {
    super(message);
  }

  public PayOnceException(String message, Throwable cause) {
    super(message, cause);
  }
}
