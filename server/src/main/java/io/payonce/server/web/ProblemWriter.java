package io.payonce.server.web;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import tools.jackson.databind.json.JsonMapper;

/** Writes a problem from a servlet filter, outside Spring MVC, as MVC would have rendered it. */
public final class ProblemWriter {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ProblemWriter() {}

  public static void write(HttpServletResponse response, ProblemDetail problem) throws IOException {
    // RFC 9457 wants extension members at the top level, next to type, title, status and detail.
    Map<String, Object> members = new LinkedHashMap<>();
    members.put("type", problem.getType().toString());
    members.put("title", problem.getTitle());
    members.put("status", problem.getStatus());
    members.put("detail", problem.getDetail());
    if (problem.getInstance() != null) {
      members.put("instance", problem.getInstance().toString());
    }
    if (problem.getProperties() != null) {
      members.putAll(problem.getProperties());
    }
    byte[] bytes = JSON.writeValueAsBytes(members);
    response.setStatus(problem.getStatus());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }
}
