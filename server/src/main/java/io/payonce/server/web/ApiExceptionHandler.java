package io.payonce.server.web;

import io.payonce.server.money.InvalidMoneyException;
import io.payonce.server.order.OrderConflictException;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.payment.ChannelRefusedException;
import io.payonce.server.payment.ChannelUnavailableException;
import io.payonce.server.payment.PaymentExpiredException;
import io.payonce.server.payment.PaymentInProgressException;
import io.payonce.server.payment.PaymentNotFoundException;
import io.payonce.server.payment.PaymentRefusedException;
import io.payonce.server.refund.OrderNotPaidException;
import io.payonce.server.refund.RefundConflictException;
import io.payonce.server.refund.RefundExceedsPaymentException;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import tools.jackson.core.JacksonException;

/**
 * Turns exceptions of the server's own controllers into RFC 9457 problems. Scoped to the server's
 * packages: the sandbox, mounted in the same application, answers in its channels' own formats.
 * Errors reached outside any controller are rendered by {@link ProblemErrorController}.
 */
@RestControllerAdvice(basePackages = "io.payonce.server")
class ApiExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

  @ExceptionHandler
  ResponseEntity<ProblemDetail> invalid(InvalidRequestException e) {
    return validation(e.violations());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> unreadable(HttpMessageNotReadableException e) {
    if (e.getCause() instanceof JacksonException json && !json.getPath().isEmpty()) {
      return validation(List.of(new FieldViolation(fieldOf(json), "has the wrong type")));
    }
    return ProblemType.respond(ProblemType.MALFORMED_REQUEST.problem());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> invalidAmount(InvalidMoneyException e) {
    // Thrown where the amount's currency is known (a refund's is its order's): the field is amount.
    return validation(List.of(new FieldViolation("amount", e.getMessage())));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> conflict(OrderConflictException e) {
    return ProblemType.respond(ProblemType.CONFLICT.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notFound(OrderNotFoundException e) {
    return ProblemType.respond(ProblemType.NOT_FOUND.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notFound(PaymentNotFoundException e) {
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

  @ExceptionHandler
  ResponseEntity<ProblemDetail> inProgress(PaymentInProgressException e) {
    return retryLater(ProblemType.PAYMENT_IN_PROGRESS.problem(), e.retryAfter());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> unavailable(ChannelUnavailableException e) {
    return retryLater(ProblemType.CHANNEL_UNAVAILABLE.problem(), e.retryAfter());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> expired(PaymentExpiredException e) {
    return retryLater(ProblemType.PAYMENT_EXPIRED.problem(), e.retryAfter());
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

  @ExceptionHandler
  ResponseEntity<ProblemDetail> exceeds(RefundExceedsPaymentException e) {
    return ProblemType.respond(ProblemType.REFUND_EXCEEDS_PAYMENT.problem());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> refundConflict(RefundConflictException e) {
    return ProblemType.respond(ProblemType.CONFLICT.problem(e.getMessage()));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notPaid(OrderNotPaidException e) {
    return ProblemType.respond(ProblemType.ORDER_NOT_PAID.problem());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> transientFailure(TransientDataAccessException e) {
    // Lock conflicts, timeouts, a database restarting: nothing was decided, asking again is safe.
    log.warn("event=transient_failure {}", Failures.describe(e));
    return retryLater(ProblemType.TEMPORARILY_UNAVAILABLE.problem(), Duration.ofSeconds(1));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> other(Exception e) {
    // Spring MVC's own client errors (wrong method, media type, ...) keep their status and headers.
    if (e instanceof ErrorResponse error && error.getStatusCode().is4xxClientError()) {
      HttpHeaders headers = new HttpHeaders();
      headers.putAll(error.getHeaders());
      headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
      return ProblemType.respond(error.getStatusCode().value(), headers);
    }
    // The cause goes to the log, never to the client.
    log.error("event=unhandled_exception {}", Failures.describe(e));
    return ProblemType.respond(ProblemType.INTERNAL.problem());
  }

  private static ResponseEntity<ProblemDetail> retryLater(ProblemDetail problem, Duration after) {
    return ResponseEntity.status(problem.getStatus())
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, after.toSeconds())))
        .body(problem);
  }

  private static ResponseEntity<ProblemDetail> validation(List<FieldViolation> violations) {
    ProblemDetail problem = ProblemType.VALIDATION.problem();
    problem.setProperty("errors", violations);
    return ProblemType.respond(problem);
  }

  private static String fieldOf(JacksonException json) {
    return json.getPath().stream()
        .map(ref -> ref.getPropertyName() != null ? ref.getPropertyName() : "" + ref.getIndex())
        .collect(Collectors.joining("."));
  }
}
