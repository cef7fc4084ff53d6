package io.payonce.server.web;

import io.payonce.server.channel.ChannelCallback;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat's own error page, for what it refuses before any filter runs (a header too large, a
 * request line it cannot parse, a transfer coding or HTTP version it does not speak — answered 400
 * rather than 501 or 505), as a problem instead of its HTML page — on a channel's callback, as its
 * failure reply. Like {@link ProblemErrorController} it never looks at the exception.
 */
public class ProblemReportValve extends ErrorReportValve {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final java.util.function.Function<String, Optional<ChannelCallback>> callbacks;

  /** Tomcat's way to make one; it knows no callback. */
  public ProblemReportValve() {
    this(path -> Optional.empty());
  }

  ProblemReportValve(java.util.function.Function<String, Optional<ChannelCallback>> callbacks) {
    this.callbacks = callbacks;
  }

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    if (status == 501 || status == 505) {
      // A transfer coding or an HTTP version we do not speak: the client's request is at fault,
      // and no client may make the server answer 5xx.
      status = 400;
      response.setStatus(status);
    }
    // Decoded, as the request was routed (RequestPaths), or raw for one refused before decoding.
    String decoded = request.getDecodedRequestURI();
    String raw = request.getRequestURI();
    Optional<ChannelCallback> callback =
        (decoded == null ? Optional.<ChannelCallback>empty() : callbacks.apply(decoded))
            .or(() -> raw == null ? Optional.empty() : callbacks.apply(raw));
    if (callback.isPresent()) {
      write(response, callback.get().replyType().toString(), callback.get().failureReply());
      return;
    }
    ProblemType type = ProblemType.forStatus(status);
    java.util.Map<String, Object> body = new java.util.LinkedHashMap<>();
    body.put("type", type.uri().toString());
    body.put("title", type.problem().getTitle());
    body.put("status", status);
    body.put("detail", type.problem().getDetail());
    write(response, MediaType.APPLICATION_PROBLEM_JSON_VALUE, JSON.writeValueAsString(body));
  }

  private static void write(Response response, String contentType, String body) {
    try {
      response.setContentType(contentType);
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(body);
        response.finishResponse();
      }
    } catch (IOException | IllegalStateException e) {
      // The connection is gone or the response was taken: nothing more to tell the client.
    }
  }
}
