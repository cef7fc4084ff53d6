package io.payonce.server.refund.web;

import io.payonce.server.refund.OrderNotPaidException;
import io.payonce.server.refund.RefundConflictException;
import io.payonce.server.refund.RefundExceedsPaymentException;
import io.payonce.server.web.ProblemType;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The refund's exceptions as problems, wherever a controller meets them. */
@RestControllerAdvice(basePackages = "io.payonce.server")
@Order(Ordered.HIGHEST_PRECEDENCE)
class RefundProblems {

  @ExceptionHandler
  ResponseEntity<ProblemDetail> exceeds(RefundExceedsPaymentException e) {
    return ProblemType.respond(ProblemType.REFUND_EXCEEDS_PAYMENT.problem());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> conflict(RefundConflictException e) {
    return ProblemType.respond(ProblemType.CONFLICT.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notPaid(OrderNotPaidException e) {
    return ProblemType.respond(ProblemType.ORDER_NOT_PAID.problem());
  }
}
