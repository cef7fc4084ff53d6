package io.payonce.server.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Skips tests whose {@link OnDatabase} does not answer, with the reason, on a laptop without the
 * service; with {@code CI=true} a missing database fails the tests instead, so CI cannot go green
 * by skipping them.
 */
class DatabaseReachableCondition implements ExecutionCondition {

  private static final int LOGIN_TIMEOUT_SECONDS = 3;
  private static final Map<TestDatabase, String> PROBES = new ConcurrentHashMap<>();

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    TestDatabase database =
        context
            .getElement()
            .flatMap(element -> AnnotationSupport.findAnnotation(element, OnDatabase.class))
            .or(
                () ->
                    context
                        .getTestClass()
                        .flatMap(type -> AnnotationSupport.findAnnotation(type, OnDatabase.class)))
            .map(OnDatabase::value)
            .orElse(TestDatabase.H2);
    String problem = PROBES.computeIfAbsent(database, DatabaseReachableCondition::probe);
    if (problem.isEmpty()) {
      return ConditionEvaluationResult.enabled(database + " answers at " + database.url());
    }
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new IllegalStateException(
          "CI=true and " + database + " is unreachable at " + database.url() + ": " + problem);
    }
    return ConditionEvaluationResult.disabled(
        database + " is unreachable at " + database.url() + " (" + problem + ")");
  }

  /**
   * An empty string when the database answers (created first if missing), else what went wrong (no
   * password shown).
   */
  private static String probe(TestDatabase database) {
    DriverManager.setLoginTimeout(LOGIN_TIMEOUT_SECONDS);
    try {
      database.createIfMissing();
    } catch (SQLException e) {
      return "cannot create its database: " + e.getClass().getSimpleName() + ": " + e.getMessage();
    }
    try (Connection connection =
        DriverManager.getConnection(database.url(), database.username(), database.password())) {
      return connection.isValid(LOGIN_TIMEOUT_SECONDS) ? "" : "connection not valid";
    } catch (SQLException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }
}
