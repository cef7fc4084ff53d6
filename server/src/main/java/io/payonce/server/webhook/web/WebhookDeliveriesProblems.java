package io.payonce.server.webhook.web;

import io.payonce.server.web.ProblemType;
import io.payonce.server.webhook.DeliveryNotFoundException;
import io.payonce.server.webhook.DeliveryNotResendableException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The webhook deliveries API's own problems, ahead of the server-wide handler. */
@RestControllerAdvice(assignableTypes = WebhookDeliveriesController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class WebhookDeliveriesProblems {

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notFound(DeliveryNotFoundException e) {
    return ProblemType.respond(ProblemType.NOT_FOUND.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> pending(DeliveryNotResendableException e) {
    ProblemDetail problem = ProblemType.CONFLICT.problem(e.getMessage());
    problem.setProperty("state", e.delivery().state().name());
    problem.setProperty("nextAttemptAt", e.delivery().nextAttemptAt());
    return ProblemType.respond(problem);
  }
}
