package io.payonce.server.app.web;

import io.payonce.server.app.AppNotFoundException;
import io.payonce.server.app.ChannelAccountTakenException;
import io.payonce.server.app.ChannelNotConfiguredException;
import io.payonce.server.app.InvalidAppFieldException;
import io.payonce.server.app.SecretUnreadableException;
import io.payonce.server.channel.InvalidChannelSettingsException;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.ProblemType;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * The apps' and channel configurations' exceptions as problems, wherever a controller meets them.
 */
@RestControllerAdvice(basePackages = "io.payonce.server")
@Order(Ordered.HIGHEST_PRECEDENCE)
class AppAdminProblems {

  private static final Logger log = LoggerFactory.getLogger(AppAdminProblems.class);

  @ExceptionHandler
  ResponseEntity<ProblemDetail> notFound(AppNotFoundException e) {
    return ProblemType.respond(ProblemType.NOT_FOUND.problem("No such app."));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> invalidSettings(InvalidChannelSettingsException e) {
    return validation(new FieldViolation(e.field(), reason(e.getMessage(), e.field())));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> invalidField(InvalidAppFieldException e) {
    return validation(new FieldViolation(e.field(), reason(e.getMessage(), e.field())));
  }

  @ExceptionHandler
  ResponseEntity<ProblemDetail> taken(ChannelAccountTakenException e) {
    return ProblemType.respond(
        ProblemType.CONFLICT.problem("The channel account is configured for another app."));
  }

  /** A payment of an app that has no configuration for the channel. */
  @ExceptionHandler
  ResponseEntity<ProblemDetail> notConfigured(ChannelNotConfiguredException e) {
    return ProblemType.respond(ProblemType.CHANNEL_NOT_CONFIGURED.problem());
  }

  /**
   * A stored secret or key that does not open (a changed master key): the deployment's fault, told
   * to the operator in one line; the client learns only that it may retry.
   */
  @ExceptionHandler
  ResponseEntity<ProblemDetail> unreadableSecret(SecretUnreadableException e) {
    log.error("event=secret_unreadable detail=\"{}\"", e.getMessage());
    return ProblemType.retryLater(
        ProblemType.TEMPORARILY_UNAVAILABLE.problem(), Duration.ofSeconds(60));
  }

  private static ResponseEntity<ProblemDetail> validation(FieldViolation violation) {
    ProblemDetail problem = ProblemType.VALIDATION.problem();
    problem.setProperty("errors", List.of(violation));
    return ProblemType.respond(problem);
  }

  /** The message without its "field: " prefix; it names the field's fault, never its value. */
  private static String reason(String message, String field) {
    return message.startsWith(field + ": ") ? message.substring(field.length() + 2) : message;
  }
}
