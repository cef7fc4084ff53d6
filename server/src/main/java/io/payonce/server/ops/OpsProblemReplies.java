package io.payonce.server.ops;

import io.payonce.server.web.ProblemType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import tools.jackson.databind.json.JsonMapper;

/**
 * The console's refusals as RFC 9457 problems: 401 with a Basic challenge (so a browser asks for
 * the credential) and 403 when the console is closed.
 */
class OpsProblemReplies implements AuthenticationEntryPoint, AccessDeniedHandler {

  static final String REALM = "PayOnce operations";
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Override
  public void commence(
      HttpServletRequest request,
      HttpServletResponse response,
      AuthenticationException authException)
      throws IOException {
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"" + REALM + "\"");
    write(response, ProblemType.UNAUTHORIZED.problem());
  }

  @Override
  public void handle(
      HttpServletRequest request,
      HttpServletResponse response,
      AccessDeniedException accessDeniedException)
      throws IOException {
    write(response, ProblemType.FORBIDDEN.problem());
  }

  /** The answer to everyone while no credential is configured. */
  void closed(HttpServletResponse response) throws IOException {
    write(response, ProblemType.FORBIDDEN.problem());
  }

  private static void write(HttpServletResponse response, ProblemDetail problem)
      throws IOException {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("type", problem.getType().toString());
    body.put("title", problem.getTitle());
    body.put("status", problem.getStatus());
    body.put("detail", problem.getDetail());
    response.setStatus(problem.getStatus());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.getWriter().write(JSON.writeValueAsString(body));
  }
}
