package io.payonce.server.web;

import io.payonce.server.channel.ChannelCallback;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Optional;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Renders errors that happen outside any controller (unknown route, wrong method or media type for
 * a route, a failing filter) as problems instead of Boot's default error body — or, on a channel's
 * callback, as that channel's failure reply. It never looks at the exception, so no message or
 * stack trace can leak from here. Asked for directly ({@code GET /error}), not by the container's
 * error dispatch, it is a route like any unknown one: 404.
 */
@RestController
class ProblemErrorController implements ErrorController {

  private final ChannelCallbacks callbacks;
  private final UnhandledFailures unhandled;

  ProblemErrorController(ChannelCallbacks callbacks, UnhandledFailures unhandled) {
    this.callbacks = callbacks;
    this.unhandled = unhandled;
  }

  @RequestMapping("${server.error.path:/error}")
  ResponseEntity<?> error(HttpServletRequest request) {
    if (request.getDispatcherType() != DispatcherType.ERROR) {
      // No error to render: without this, the missing status was taken for a 500.
      HttpHeaders headers = new HttpHeaders();
      headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
      var response = ProblemType.respond(404, headers);
      response.getBody().setInstance(instance(request.getRequestURI()));
      return response;
    }
    Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
    int status = code instanceof Integer value && value >= 400 ? value : 500;
    Object path = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
    Optional<ChannelCallback> callback =
        path instanceof String uri ? callbacks.at(uri) : Optional.empty();
    if (callback.isPresent()) {
      return ResponseEntity.status(status)
          .contentType(callback.get().replyType())
          .body(callback.get().failureReply());
    }
    Object failure = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
    if (status == 500 && failure instanceof Throwable t && DatabaseUnavailable.is(t)) {
      // Met in a filter (authentication, idempotency) before any controller: still not a bug.
      // (DatabaseOutageFilter answers those first; this is for a failure it could not see.)
      ResponseEntity<ProblemDetail> response = ApiExceptionHandler.databaseUnavailable(t);
      if (path instanceof String uri) {
        response.getBody().setInstance(instance(uri));
      }
      return response;
    }
    if (status == 500 && failure instanceof Throwable t) {
      // Logged by the container already; counted here like any unhandled failure.
      unhandled.count(t);
    }
    HttpHeaders headers = new HttpHeaders();
    headers.setContentType(MediaType.APPLICATION_PROBLEM_JSON);
    var response = ProblemType.respond(status, headers);
    if (path instanceof String uri) {
      response.getBody().setInstance(instance(uri));
    }
    return response;
  }

  static URI instance(String path) {
    try {
      return URI.create(path);
    } catch (IllegalArgumentException e) {
      return URI.create("about:blank");
    }
  }
}
