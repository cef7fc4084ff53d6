package io.payonce.server.testing;

/**
 * Takes Redis and RabbitMQ away from this test JVM for failure tests, and gives them back. The
 * application contexts of the tests reach both through proxies of this JVM's own (see {@link
 * OnDatabaseCustomizerFactory}): stopping one cuts its proxy, so the machine's server keeps running
 * for the other forks, other builds and other people. Always pair a stop with {@code start...} in a
 * finally block.
 */
public final class ServerControl {

  private static final TcpProxy REDIS = proxy(TestServer.REDIS);
  private static final TcpProxy RABBITMQ = proxy(TestServer.RABBITMQ);

  private ServerControl() {}

  /** The loopback port through which this JVM's contexts reach {@code server}. */
  public static int port(TestServer server) {
    return (server == TestServer.REDIS ? REDIS : RABBITMQ).port();
  }

  /** RabbitMQ is gone for this JVM: its connections are reset, new ones refused. */
  public static void stopRabbitMq() {
    RABBITMQ.cut();
  }

  /** RabbitMQ answers this JVM again. */
  public static void startRabbitMq() {
    RABBITMQ.restore();
  }

  /** Redis is gone for this JVM: its connections are reset, new ones refused. */
  public static void stopRedis() {
    REDIS.cut();
  }

  /** Redis answers this JVM again. */
  public static void startRedis() {
    REDIS.restore();
  }

  private static TcpProxy proxy(TestServer server) {
    return TcpProxy.start(server.name().toLowerCase(), server.host(), server.port());
  }
}
