package io.payonce.sandbox.web;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Turns mistakes in calls to the sandbox's own (non-protocol) endpoints into RFC 9457 problems.
 * Scoped to the sandbox's packages so it never handles the host application's errors.
 */
@RestControllerAdvice(basePackages = "io.payonce.sandbox")
class SandboxProblems {

  private static final Logger log = LoggerFactory.getLogger(SandboxProblems.class);

  @ExceptionHandler(ErrorResponseException.class)
  ProblemDetail known(ErrorResponseException e) {
    return e.getBody();
  }

  @ExceptionHandler({
    IllegalArgumentException.class,
    HttpMessageNotReadableException.class,
    MissingServletRequestParameterException.class,
    MethodArgumentTypeMismatchException.class,
    HttpMediaTypeNotSupportedException.class
  })
  ProblemDetail badRequest(Exception e) {
    ProblemDetail problem = ProblemDetail.forStatus(HttpStatus.BAD_REQUEST);
    problem.setTitle("Bad request to the sandbox");
    problem.setDetail(
        e instanceof IllegalArgumentException
            ? e.getMessage()
            : "the request could not be read: check the JSON body and parameters");
    return problem;
  }

  @ExceptionHandler(RuntimeException.class)
  ProblemDetail unexpected(RuntimeException e) {
    log.warn("sandbox_error type={} message={}", e.getClass().getSimpleName(), e.getMessage());
    ProblemDetail problem = ProblemDetail.forStatus(HttpStatus.INTERNAL_SERVER_ERROR);
    problem.setTitle("Sandbox failure");
    return problem;
  }
}
