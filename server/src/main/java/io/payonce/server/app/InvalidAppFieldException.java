package io.payonce.server.app;

/** A field of an operator's request about an app that cannot be used (never its value). */
public class InvalidAppFieldException extends RuntimeException {

  private final String field;

  public InvalidAppFieldException(String field, String reason) {
    super(field + ": " + reason);
    this.field = field;
  }

  public String field() {
    return field;
  }
}
