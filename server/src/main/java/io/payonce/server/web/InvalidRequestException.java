package io.payonce.server.web;

import java.util.List;

/** A request whose fields failed validation; rendered as a {@link ProblemType#VALIDATION}. */
public class InvalidRequestException extends RuntimeException {

  private final List<FieldViolation> violations;

  public InvalidRequestException(List<FieldViolation> violations) {
    super("invalid fields: " + violations.stream().map(FieldViolation::field).toList());
    this.violations = List.copyOf(violations);
  }

  public List<FieldViolation> violations() {
    return violations;
  }
}
