package io.payonce.server.operator;

/** No stored operator has this name. */
public class OperatorNotFoundException extends RuntimeException {

  public OperatorNotFoundException(String username) {
    super("no operator " + username);
  }
}
