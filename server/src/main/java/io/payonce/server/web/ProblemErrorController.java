package io.payonce.server.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Renders errors that happen outside any controller (unknown route, wrong method or media type for
 * a route, a failing filter) as problems instead of Boot's default error body. It never looks at
 * the exception, so no message or stack trace can leak from here.
 */
@RestController
class ProblemErrorController implements ErrorController {

  @RequestMapping("${server.error.path:/error}")
  ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    int status = code instanceof Integer value && value >= 400 ? value : 500;
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
    ResponseEntity<ProblemDetail> response = ProblemType.respond(status, headers);
    if (request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof String path) {
      response.getBody().setInstance(instance(path));
    }
    return response;
  }

  private static URI instance(String path) {
    try {
      return URI.create(path);
    } catch (IllegalArgumentException e) {
      return URI.create("about:blank");
    }
  }
}
