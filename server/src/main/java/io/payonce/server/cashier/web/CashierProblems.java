package io.payonce.server.cashier.web;

import io.payonce.server.web.ProblemType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The cashier's calls answer an unknown, malformed or expired session as 404, all alike. */
@RestControllerAdvice(assignableTypes = CashierController.class)
class CashierProblems {

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notFound(CheckoutNotFoundException e) {
    return ProblemType.respond(
        ProblemType.NOT_FOUND.problem("No checkout session at this address, or it has expired."));
  }
}
