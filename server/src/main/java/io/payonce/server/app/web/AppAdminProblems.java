package io.payonce.server.app.web;

import io.payonce.server.app.AppNotFoundException;
import io.payonce.server.app.ChannelAccountTakenException;
import io.payonce.server.app.ChannelNotConfiguredException;
import io.payonce.server.app.InvalidAppFieldException;
import io.payonce.server.channel.InvalidChannelSettingsException;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.ProblemType;
import java.util.List;
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
