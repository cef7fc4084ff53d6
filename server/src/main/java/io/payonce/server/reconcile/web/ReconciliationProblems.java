package io.payonce.server.reconcile.web;

import io.payonce.server.reconcile.AnomalyAlreadyResolvedException;
import io.payonce.server.web.ProblemType;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

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
}
