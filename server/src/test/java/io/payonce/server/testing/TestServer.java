package io.payonce.server.testing;

/**
 * The servers besides databases that some integration tests need, at the addresses of a developer
 * machine and CI ({@code PAYONCE_TEST_REDIS_HOST}/{@code _PORT} and the same with {@code RABBITMQ}
 * point elsewhere).
 */
public enum TestServer {
  /** Redis 7. */
  REDIS("REDIS", 6379),
  /** RabbitMQ 3, guest/guest. */
  RABBITMQ("RABBITMQ", 5672);

  private final String envPrefix;
  private final int defaultPort;

  TestServer(String envName, int defaultPort) {
    this.envPrefix = "PAYONCE_TEST_" + envName + "_";
    this.defaultPort = defaultPort;
  }

  public String host() {
    String value = System.getenv(envPrefix + "HOST");
    return value == null || value.isBlank() ? "127.0.0.1" : value;
  }

  public int port() {
    String value = System.getenv(envPrefix + "PORT");
    return value == null || value.isBlank() ? defaultPort : Integer.parseInt(value);
  }
}
