package io.payonce.server.web;

import io.payonce.server.log.Failures;
import io.payonce.server.money.InvalidMoneyException;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.ConversionNotSupportedException;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.convert.ConversionFailedException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.HttpMessageNotWritableException;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.validation.BindException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.util.DisconnectedClientHelper;
import tools.jackson.core.JacksonException;

/**
 * Turns exceptions of the server's own controllers into RFC 9457 problems: the client's mistakes
 * every controller shares, transient failures and the last resort. Each feature maps its own
 * exceptions in its web package (an advice ordered before this one), so this layer knows no domain.
 * Scoped to the server's packages: the sandbox, mounted in the same application, answers in its
 * channels' own formats. Errors reached outside any controller are rendered by {@link
 * ProblemErrorController}.
 */
@RestControllerAdvice(basePackages = "io.payonce.server")
@Order(Ordered.LOWEST_PRECEDENCE)
class ApiExceptionHandler {

  private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);
  private static final String REJECTED = "The query string or form is malformed.";

  private final UnhandledFailures unhandled;

  ApiExceptionHandler(UnhandledFailures unhandled) {
    this.unhandled = unhandled;
  }

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

  /**
   * A query parameter or path variable that does not convert to its declared type: {@code
   * ?limit=abc}, {@code ?limit=99999999999} for an int, an enum's unknown name, {@code
   * ?enabled=maybe}. The client's mistake, a validation problem naming the parameter; a path id
   * that is no number names nothing, 404. Unless no converter exists at all: the server's mistake.
   */
  @ExceptionHandler
  ResponseEntity<ProblemDetail> wrongType(TypeMismatchException e) {
    if (e instanceof ConversionNotSupportedException) {
      return other(e);
    }
    if (e instanceof MethodArgumentTypeMismatchException argument
        && argument.getParameter().hasParameterAnnotation(PathVariable.class)) {
      return ProblemType.respond(ProblemType.NOT_FOUND.problem());
    }
    String name = e.getPropertyName() == null ? "parameter" : e.getPropertyName();
    return validation(List.of(new FieldViolation(name, "has the wrong type")));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notConverted(ConversionFailedException e) {
    // Met where a value is converted outside parameter binding (a converter called directly).
    return ProblemType.respond(ProblemType.MALFORMED_REQUEST.problem());
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> missing(MissingServletRequestParameterException e) {
    return validation(List.of(new FieldViolation(e.getParameterName(), "is required")));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notBound(BindException e) {
    // A form or query bound to an object: each field that did not bind or validate is named.
    List<FieldViolation> violations =
        e.getFieldErrors().stream()
            .map(error -> new FieldViolation(error.getField(), "is invalid"))
            .toList();
    return violations.isEmpty()
        ? ProblemType.respond(ProblemType.MALFORMED_REQUEST.problem())
        : validation(violations);
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> invalidAmount(InvalidMoneyException e) {
    // Thrown where the amount's currency is known (a refund's is its order's): the field is amount.
    return validation(List.of(new FieldViolation("amount", e.getMessage())));
  }

  @ExceptionHandler({
    TransientDataAccessException.class,
    CannotCreateTransactionException.class,
    DataAccessResourceFailureException.class
  })
  ResponseEntity<ProblemDetail> transientFailure(Exception e) {
    // Lock conflicts, timeouts, no connection in time, a database restarting: asking again is safe.
    return databaseUnavailable(e);
  }

  static ResponseEntity<ProblemDetail> databaseUnavailable(Throwable e) {
    log.warn("event=transient_failure {}", Failures.describe(e));
    return ProblemType.retryLater(
        ProblemType.TEMPORARILY_UNAVAILABLE.problem(), Duration.ofSeconds(1));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> rejected(RequestRejectedException e) {
    // Spring Security's firewall, met when a controller reads a parameter it refuses.
    return ProblemType.respond(ProblemType.MALFORMED_REQUEST.problem(REJECTED));
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
    if (DatabaseUnavailable.is(e)) {
      return databaseUnavailable(e);
    }
    if (clientGone(e)) {
      // The client closed its connection while the answer was written (a driver that gave up on a
      // request held through a failover): no one is left to answer, and nothing failed here.
      log.info("event=client_disconnected {}", Failures.describe(e));
      return null;
    }
    // The cause goes to the log, never to the client.
    unhandled.record(e);
    return ProblemType.respond(ProblemType.INTERNAL.problem());
  }

  /**
   * Whether writing the answer failed because the client went away — only a failure met while
   * answering, never one met calling out (a channel's or database's reset connection is no client
   * leaving).
   */
  static boolean clientGone(Exception e) {
    boolean answering =
        e instanceof HttpMessageNotWritableException
            || e instanceof AsyncRequestNotUsableException
            || e instanceof IOException;
    return answering && DisconnectedClientHelper.isClientDisconnectedException(e);
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
