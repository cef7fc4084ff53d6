package io.payonce.server.webhook;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Merchant endpoints on a free local port, one per path: each request is recorded (headers, body,
 * the envelope's order number and type), then answered with the path's next scripted status (chosen
 * on arrival), 503 while the path is down, else 200. A path can be held: its requests wait on a
 * latch the test opens, to keep POSTs in flight.
 */
public final class WebhookReceiver implements AutoCloseable {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One request as the receiver saw it. */
  public record Received(
      String path, String eventId, String signature, String body, String orderNo, String type) {}

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final Map<String, Queue<Integer>> scripts = new ConcurrentHashMap<>();
  private final Set<String> down = ConcurrentHashMap.newKeySet();
  private final Map<String, CountDownLatch> holds = new ConcurrentHashMap<>();

  public WebhookReceiver() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  public String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** The next answers of {@code path}, in order; 200 after them. */
  void script(String path, Integer... statuses) {
    scripts.computeIfAbsent(path, p -> new ConcurrentLinkedQueue<>()).addAll(List.of(statuses));
  }

  void down(String path, boolean isDown) {
    if (isDown) {
      down.add(path);
    } else {
      down.remove(path);
    }
  }

  /** Holds requests to {@code path} until the returned latch is counted down. */
  CountDownLatch hold(String path) {
    CountDownLatch latch = new CountDownLatch(1);
    holds.put(path, latch);
    return latch;
  }

  List<Received> at(String path) {
    return received.stream().filter(r -> r.path().equals(path)).toList();
  }

  public List<Received> ofOrder(String orderNo) {
    return received.stream().filter(r -> orderNo.equals(r.orderNo())).toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      JsonNode envelope = JSON.readTree(body);
      received.add(
          new Received(
              path,
              exchange.getRequestHeaders().getFirst(WebhookSignature.EVENT_ID_HEADER),
              exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER),
              body,
              text(envelope, "orderNo"),
              text(envelope, "type")));
      // The answer is chosen on arrival: the first requests get the script, even when held.
      int status = status(path);
      CountDownLatch hold = holds.get(path);
      if (hold != null) {
        awaitQuietly(hold);
      }
      exchange.sendResponseHeaders(status, -1);
    }
  }

  private static String text(JsonNode envelope, String field) {
    JsonNode value = envelope.get(field);
    return value == null || value.isNull() ? null : value.asString();
  }

  private int status(String path) {
    Queue<Integer> script = scripts.get(path);
    Integer next = script == null ? null : script.poll();
    if (next != null) {
      return next;
    }
    return down.contains(path) ? 503 : 200;
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
