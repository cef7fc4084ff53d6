package io.payonce.chaos.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The machine's Redis and RabbitMQ as the run's instances see them: through proxies of this run's
 * own ({@link TcpProxy}), which a Redis or RabbitMQ fault cuts — the machine's servers keep running
 * for everyone else (the server's tests, another run, another build). Whatever this class cut,
 * {@link #restoreAll} gives back; the run calls it on every way out, a shutdown hook included.
 */
public final class Services implements AutoCloseable {

  private static final String HOST = "127.0.0.1";
  private static final int REDIS_PORT = 6379;
  private static final int RABBIT_PORT = 5672;

  private final TcpProxy redis = TcpProxy.start("redis", HOST, REDIS_PORT);
  private final TcpProxy rabbitMq = TcpProxy.start("rabbitmq", HOST, RABBIT_PORT);

  public static boolean redisAnswers() {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(HOST, REDIS_PORT), 1000);
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
      socket.connect(new InetSocketAddress(HOST, RABBIT_PORT), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The loopback port through which the instances reach Redis. */
  public int redisPort() {
    return redis.port();
  }

  /** The loopback port through which the instances reach RabbitMQ. */
  public int rabbitMqPort() {
    return rabbitMq.port();
  }

  /** Redis is gone for the instances: their connections are reset, new ones too. */
  public void stopRedis() {
    redis.cut();
  }

  public void startRedis() {
    redis.restore();
  }

  /** RabbitMQ is gone for the instances: their connections are reset, new ones too. */
  public void stopRabbitMq() {
    rabbitMq.cut();
  }

  public void startRabbitMq() {
    rabbitMq.restore();
  }

  /** Gives back whatever was cut. */
  public void restoreAll() {
    redis.restore();
    rabbitMq.restore();
  }

  /** Closes both proxies (at the end of the run). */
  @Override
  public void close() {
    redis.close();
    rabbitMq.close();
  }
}
