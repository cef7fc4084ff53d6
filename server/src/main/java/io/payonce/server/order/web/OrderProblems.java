package io.payonce.server.order.web;

import io.payonce.server.order.OrderConflictException;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.web.ProblemType;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The order's exceptions as problems, wherever a controller meets them. */
@RestControllerAdvice(basePackages = "io.payonce.server")
@Order(Ordered.HIGHEST_PRECEDENCE)
class OrderProblems {

  @ExceptionHandler
  ResponseEntity<ProblemDetail> conflict(OrderConflictException e) {
    return ProblemType.respond(ProblemType.CONFLICT.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notFound(OrderNotFoundException e) {
    return ProblemType.respond(ProblemType.NOT_FOUND.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notPayable(OrderNotPayableException e) {
    ProblemType type =
        e.status() == OrderStatus.CLOSED ? ProblemType.ORDER_CLOSED : ProblemType.ORDER_PAID;
    ProblemDetail problem = type.problem();
    problem.setProperty("orderStatus", e.status().name());
    return ProblemType.respond(problem);
  }
}
