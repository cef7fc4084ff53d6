package io.payonce.server.operator;

/** A user name or password the operator store does not accept; the message says why. */
public class InvalidOperatorException extends RuntimeException {

  public InvalidOperatorException(String message) {
    super(message);
  }
}
