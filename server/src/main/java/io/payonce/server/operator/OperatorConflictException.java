package io.payonce.server.operator;

/** An operator with this name exists already, or the change was overtaken by another. */
public class OperatorConflictException extends RuntimeException {

  public OperatorConflictException(String message) {
    super(message);
  }
}
