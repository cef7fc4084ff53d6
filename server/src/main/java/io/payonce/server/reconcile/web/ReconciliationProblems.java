package io.payonce.server.reconcile.web;

import io.payonce.server.reconcile.AnomalyAlreadyResolvedException;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.ProblemType;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/** The reconciliation API's own problems, ahead of the server-wide handler. */
@RestControllerAdvice(assignableTypes = ReconciliationController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ReconciliationProblems {

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notFound(ReconciliationNotFoundException e) {
    return ProblemType.respond(ProblemType.NOT_FOUND.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> alreadyResolved(AnomalyAlreadyResolvedException e) {
    ProblemDetail problem = ProblemType.ANOMALY_RESOLVED.problem();
    problem.setProperty("resolvedAt", e.anomaly().resolvedAt());
    return ProblemType.respond(problem);
  }

  /**
   * A path id that is not a number names nothing; a query parameter of the wrong type is invalid.
   */
  @ExceptionHandler
  ResponseEntity<ProblemDetail> mistyped(MethodArgumentTypeMismatchException e) {
    if (e.getParameter()
        .hasParameterAnnotation(org.springframework.web.bind.annotation.PathVariable.class)) {
      return ProblemType.respond(ProblemType.NOT_FOUND.problem());
    }
    ProblemDetail problem = ProblemType.VALIDATION.problem();
    problem.setProperty("errors", List.of(new FieldViolation(e.getName(), "has the wrong type")));
    return ProblemType.respond(problem);
  }
}
