package io.payonce.server.payment.web;

import io.payonce.server.payment.AmountOverChannelLimitException;
import io.payonce.server.payment.ChannelRefusedException;
import io.payonce.server.payment.ChannelUnavailableException;
import io.payonce.server.payment.PaymentBeingReversedException;
import io.payonce.server.payment.PaymentExpiredException;
import io.payonce.server.payment.PaymentInProgressException;
import io.payonce.server.payment.PaymentNotFoundException;
import io.payonce.server.payment.PaymentRefusedException;
import io.payonce.server.web.ProblemType;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The payment's exceptions as problems, wherever a controller meets them. */
@RestControllerAdvice(basePackages = "io.payonce.server")
@Order(Ordered.HIGHEST_PRECEDENCE)
class PaymentProblems {

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notFound(PaymentNotFoundException e) {
    return ProblemType.respond(ProblemType.NOT_FOUND.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> inProgress(PaymentInProgressException e) {
    return ProblemType.retryLater(ProblemType.PAYMENT_IN_PROGRESS.problem(), e.retryAfter());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> beingReversed(PaymentBeingReversedException e) {
    return ProblemType.retryLater(ProblemType.PAYMENT_BEING_REVERSED.problem(), e.retryAfter());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> unavailable(ChannelUnavailableException e) {
    return ProblemType.retryLater(ProblemType.CHANNEL_UNAVAILABLE.problem(), e.retryAfter());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notOffered(io.payonce.server.payment.ProductNotOfferedException e) {
    ProblemDetail problem = ProblemType.NOT_FOUND.problem();
    problem.setDetail("This product is not offered by the app's account on this channel.");
    return ProblemType.respond(problem);
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> overLimit(AmountOverChannelLimitException e) {
    ProblemDetail problem = ProblemType.AMOUNT_OVER_CHANNEL_LIMIT.problem();
    problem.setProperty("limit", e.limit().toDecimalString());
    return ProblemType.respond(problem);
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> expired(PaymentExpiredException e) {
    return ProblemType.retryLater(ProblemType.PAYMENT_EXPIRED.problem(), e.retryAfter());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> refused(ChannelRefusedException e) {
    ProblemDetail problem = ProblemType.CHANNEL_REFUSED.problem();
    problem.setProperty("subCode", e.subCode());
    return ProblemType.respond(problem);
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> paymentRefused(PaymentRefusedException e) {
    ProblemDetail problem = ProblemType.PAYMENT_REFUSED.problem();
    problem.setProperty("subCode", e.subCode());
    return ProblemType.respond(problem);
  }
}
