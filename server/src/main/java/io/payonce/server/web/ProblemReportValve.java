package io.payonce.server.web;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.MediaType;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat's own error page, for what it refuses before any filter runs (a header too large, a
 * request line it cannot parse), as a problem instead of its HTML page. Like {@link
 * ProblemErrorController} it never looks at the exception.
 */
public class ProblemReportValve extends ErrorReportValve {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Override
  protected void report(Request request, Response response, Throwable throwable) {
    int status = response.getStatus();
    if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
      return;
    }
    ProblemType type = ProblemType.forStatus(status);
    java.util.Map<String, Object> body = new java.util.LinkedHashMap<>();
    body.put("type", type.uri().toString());
    body.put("title", type.problem().getTitle());
    body.put("status", status);
    body.put("detail", type.problem().getDetail());
    try {
      response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      Writer writer = response.getReporter();
      if (writer != null) {
        writer.write(JSON.writeValueAsString(body));
        response.finishResponse();
      }
    } catch (IOException | IllegalStateException e) {
      // The connection is gone or the response was taken: nothing more to tell the client.
    }
  }
}
