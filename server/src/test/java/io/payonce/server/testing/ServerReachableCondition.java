package io.payonce.server.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** The condition of {@link OnServer}: a TCP connect to each server. */
class ServerReachableCondition implements ExecutionCondition {

  private static final int CONNECT_TIMEOUT_MILLIS = 2000;

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    TestServer[] servers =
        context
            .getTestClass()
            .flatMap(type -> AnnotationSupport.findAnnotation(type, OnServer.class))
            .map(OnServer::value)
            .orElse(new TestServer[0]);
    for (TestServer server : servers) {
      String problem = probe(server);
      if (problem.isEmpty()) {
        continue;
      }
      String reason = server + " is unreachable at " + server.host() + ":" + server.port();
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        throw new IllegalStateException("CI=true and " + reason + ": " + problem);
      }
      return ConditionEvaluationResult.disabled(reason + " (" + problem + ")");
    }
    return ConditionEvaluationResult.enabled("servers answer");
  }

  /** An empty string when the server accepts a connection, else what went wrong. */
  static String probe(TestServer server) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(server.host(), server.port()), CONNECT_TIMEOUT_MILLIS);
      return "";
    } catch (IOException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }
}
