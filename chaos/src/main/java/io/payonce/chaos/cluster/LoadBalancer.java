package io.payonce.chaos.cluster;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A small reverse proxy in front of the instances, as production would have: round robin, and an
 * instance that refuses the connection (it is down) is skipped for the next one. A request that
 * reached an instance is never sent to another — it may have taken effect — so a reset or a timeout
 * answers 502 or 504, and the client decides whether to retry.
 */
public final class LoadBalancer implements AutoCloseable {

  private static final Set<String> HOP_BY_HOP =
      Set.of(
          "connection",
          "content-length",
          "expect",
          "host",
          "keep-alive",
          "proxy-authenticate",
          "proxy-authorization",
          "te",
          "trailer",
          "transfer-encoding",
          "upgrade",
          "date");

  private final List<String> backends;
  private final HttpServer server;
  private final HttpClient client;
  private final ExecutorService workers;
  private final Duration timeout;
  private final AtomicInteger next = new AtomicInteger();
  private final AtomicLong forwarded = new AtomicLong();
  private final AtomicLong skipped = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();

  /**
   * Listens on {@code port} (0: any) and forwards to {@code backends} (base URLs, no trailing /).
   */
  public LoadBalancer(int port, List<String> backends, Duration timeout) throws IOException {
    this.backends = List.copyOf(backends);
    this.timeout = timeout;
    this.workers = Executors.newCachedThreadPool(daemon("lb"));
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2))
            .executor(workers)
            .build();
    this.server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 256);
    server.setExecutor(workers);
    server.createContext("/", this::forward);
    server.start();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public String base() {
    return "http://127.0.0.1:" + port();
  }

  /** Requests answered by an instance, connections refused and skipped, requests that failed. */
  public String stats() {
    return "forwarded=" + forwarded + " skipped-refused=" + skipped + " failed=" + failed;
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      int start = Math.floorMod(next.getAndIncrement(), backends.size());
      for (int attempt = 0; attempt < backends.size(); attempt++) {
        String backend = backends.get((start + attempt) % backends.size());
        try {
          HttpResponse<byte[]> response =
              client.send(
                  request(exchange, backend, body), HttpResponse.BodyHandlers.ofByteArray());
          forwarded.incrementAndGet();
          answer(exchange, response);
          return;
        } catch (ConnectException | HttpConnectTimeoutException refused) {
          skipped.incrementAndGet();
        } catch (HttpTimeoutException e) {
          failed.incrementAndGet();
          problem(exchange, 504, "the instance did not answer in time");
          return;
        } catch (IOException e) {
          failed.incrementAndGet();
          problem(exchange, 502, "the instance dropped the connection");
          return;
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          problem(exchange, 503, "interrupted");
          return;
        }
      }
      failed.incrementAndGet();
      problem(exchange, 503, "no instance accepted the connection");
    }
  }

  private HttpRequest request(HttpExchange exchange, String backend, byte[] body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(backend + exchange.getRequestURI()))
            .timeout(timeout)
            .method(
                exchange.getRequestMethod(),
                body.length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
    exchange
        .getRequestHeaders()
        .forEach(
            (name, values) -> {
              if (!HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                values.forEach(value -> request.header(name, value));
              }
            });
    request.header("X-Forwarded-For", exchange.getRemoteAddress().getAddress().getHostAddress());
    return request.build();
  }

  private static void answer(HttpExchange exchange, HttpResponse<byte[]> response)
      throws IOException {
    response
        .headers()
        .map()
        .forEach(
            (name, values) -> {
              if (!name.startsWith(":") && !HOP_BY_HOP.contains(name.toLowerCase(Locale.ROOT))) {
                exchange.getResponseHeaders().put(name, values);
              }
            });
    byte[] body = response.body();
    int status = response.statusCode();
    boolean bodiless = body.length == 0 || status == 204 || status == 304;
    exchange.sendResponseHeaders(status, bodiless ? -1 : body.length);
    if (!bodiless) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static void problem(HttpExchange exchange, int status, String detail) throws IOException {
    byte[] body =
        ("{\"type\":\"https://payonce.io/problems/load-balancer\",\"status\":"
                + status
                + ",\"detail\":\""
                + detail
                + "\"}")
            .getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/problem+json");
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    workers.shutdownNow();
  }

  static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
