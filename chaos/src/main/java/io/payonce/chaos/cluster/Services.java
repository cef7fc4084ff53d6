package io.payonce.chaos.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The machine's Redis and RabbitMQ, stopped and started the way {@code .ci/run} and the server's
 * tests do. Whatever this class stopped, {@link #restoreAll} starts again; the run calls it on
 * every way out, a shutdown hook included.
 */
public final class Services {

  private static final int REDIS_PORT = 6379;
  private static final int RABBIT_PORT = 5672;

  private volatile boolean redisStopped;
  private volatile boolean rabbitStopped;

  public static boolean redisAnswers() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", REDIS_PORT), 1000);
      socket.setSoTimeout(1000);
      OutputStream out = socket.getOutputStream();
      out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      byte[] reply = new byte[5];
      int read = in.read(reply);
      return read > 0 && new String(reply, 0, read, StandardCharsets.US_ASCII).startsWith("+PONG");
    } catch (IOException e) {
      return false;
    }
  }

  public static boolean rabbitAnswers() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", RABBIT_PORT), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public void stopRedis() {
    redisStopped = true;
    run(List.of("redis-cli", "-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave"));
    await(() -> !redisAnswers(), Duration.ofSeconds(30));
  }

  public void startRedis() {
    if (!redisAnswers()) {
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
    await(Services::redisAnswers, Duration.ofSeconds(30));
    redisStopped = false;
  }

  public void stopRabbitMq() {
    rabbitStopped = true;
    run(List.of("rabbitmqctl", "stop_app"));
    await(() -> !rabbitAnswers(), Duration.ofSeconds(60));
  }

  public void startRabbitMq() {
    run(List.of("rabbitmqctl", "start_app"));
    await(Services::rabbitAnswers, Duration.ofSeconds(120));
    rabbitStopped = false;
  }

  /** Starts again whatever this instance stopped. */
  public void restoreAll() {
    if (redisStopped) {
      startRedis();
    }
    if (rabbitStopped) {
      startRabbitMq();
    }
  }

  private static void await(java.util.function.BooleanSupplier condition, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("service did not change state within " + timeout);
      }
      Instance.pause(Duration.ofMillis(200));
    }
  }

  private static void run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getInputStream().transferTo(OutputStream.nullOutputStream());
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
