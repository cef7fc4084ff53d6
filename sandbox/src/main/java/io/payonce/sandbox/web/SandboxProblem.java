package io.payonce.sandbox.web;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.ErrorResponseException;

/** A refusal of a sandbox-only action (e.g. the wallet paying a dead QR code), as problem+json. */
public class SandboxProblem extends ErrorResponseException {

  public SandboxProblem(HttpStatus status, String type, String detail) {
    super(status, problem(status, type, detail), null);
  }

  private static ProblemDetail problem(HttpStatus status, String type, String detail) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
    problem.setType(URI.create("https://payonce.io/problems/sandbox/" + type));
    problem.setTitle(type.replace('-', ' '));
    return problem;
  }
}
