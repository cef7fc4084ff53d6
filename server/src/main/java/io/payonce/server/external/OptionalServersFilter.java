package io.payonce.server.external;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves out Spring Boot's RabbitMQ and Redis auto-configuration — connection factories, templates,
 * listener containers, health indicators, metrics — unless {@code payonce.events.rabbit.enabled} or
 * {@code payonce.redis.enabled} is true. Both starters are on the class path for whoever turns them
 * on; without this, Boot would configure them as soon as their classes are present, and a health
 * indicator would report the service DOWN because a server it can do without is not running.
 */
public class OptionalServersFilter implements AutoConfigurationImportFilter, EnvironmentAware {

  static final String RABBIT_ENABLED = "payonce.events.rabbit.enabled";
  static final String REDIS_ENABLED = "payonce.redis.enabled";
  private static final String RABBIT_PACKAGE = "org.springframework.boot.amqp.autoconfigure.";
  private static final String REDIS_PACKAGE = "org.springframework.boot.data.redis.autoconfigure.";

  private Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public boolean[] match(String[] candidates, AutoConfigurationMetadata metadata) {
    boolean rabbit = enabled(RABBIT_ENABLED);
    boolean redis = enabled(REDIS_ENABLED);
    boolean[] matches = new boolean[candidates.length];
    for (int i = 0; i < candidates.length; i++) {
      String candidate = candidates[i];
      matches[i] =
          candidate == null
              || (rabbit || !candidate.startsWith(RABBIT_PACKAGE))
                  && (redis || !candidate.startsWith(REDIS_PACKAGE));
    }
    return matches;
  }

  private boolean enabled(String property) {
    return environment != null && environment.getProperty(property, Boolean.class, false);
  }
}
