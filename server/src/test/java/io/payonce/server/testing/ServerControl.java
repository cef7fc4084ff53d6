package io.payonce.server.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Stops and starts the machine's Redis and RabbitMQ for failure tests. Always pair a stop with
 * {@code start...} in a finally block: other tests, and other people's, need them back.
 */
public final class ServerControl {

  private ServerControl() {}

  /** Stops RabbitMQ's application (the Erlang node stays up, so start is quick). */
  public static void stopRabbitMq() {
    run(List.of("rabbitmqctl", "stop_app"));
    await().atMost(Duration.ofSeconds(60)).until(() -> !answers(TestServer.RABBITMQ));
  }

  /** Starts RabbitMQ's application and waits until it accepts connections. */
  public static void startRabbitMq() {
    run(List.of("rabbitmqctl", "start_app"));
    await().atMost(Duration.ofSeconds(120)).until(() -> answers(TestServer.RABBITMQ));
  }

  /** Shuts Redis down without saving. */
  public static void stopRedis() {
    run(List.of("redis-cli", "-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave"));
    await().atMost(Duration.ofSeconds(30)).until(() -> !answers(TestServer.REDIS));
  }

  /** Starts Redis exactly as .ci/run does, and waits until it answers. */
  public static void startRedis() {
    if (!answers(TestServer.REDIS)) {
      run(
          List.of(
              "redis-server",
              "--daemonize",
              "yes",
              "--bind",
              "127.0.0.1",
              "-::1",
              "--port",
              "6379",
              "--save",
              "",
              "--appendonly",
              "no",
              "--dir",
              "/var/lib/redis",
              "--logfile",
              "/var/log/redis/ci.log"));
    }
    await().atMost(Duration.ofSeconds(30)).until(() -> answers(TestServer.REDIS));
  }

  private static boolean answers(TestServer server) {
    return ServerReachableCondition.probe(server).isEmpty();
  }

  private static void run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(command.get(0) + " did not finish");
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot run " + command.get(0), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
