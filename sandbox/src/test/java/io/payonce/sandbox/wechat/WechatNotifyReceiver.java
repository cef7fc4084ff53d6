package io.payonce.sandbox.wechat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.payonce.sandbox.LoopbackServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A merchant's notify_url on loopback: records every request (headers, raw body, the client's port,
 * so two connections can be told apart) and answers scripted statuses, then 204 (or, on the {@code
 * /v2} path, WeChat's XML SUCCESS).
 */
public final class WechatNotifyReceiver implements AutoCloseable {

  /** One request as received; header names lower-cased. */
  public record Received(
      String path, Map<String, String> headers, String body, int clientPort, Instant at) {

    public String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }
  }

  private final List<Received> received = new CopyOnWriteArrayList<>();
  private final ConcurrentLinkedQueue<Integer> scripted = new ConcurrentLinkedQueue<>();
  private volatile boolean failAll;
  private final HttpServer server = LoopbackServer.start("/", this::answer);

  private WechatNotifyReceiver() {}

  public static WechatNotifyReceiver start() {
    return new WechatNotifyReceiver();
  }

  private void answer(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    Map<String, String> headers = new TreeMap<>();
    exchange
        .getRequestHeaders()
        .forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
    String path = exchange.getRequestURI().getPath();
    received.add(
        new Received(path, headers, body, exchange.getRemoteAddress().getPort(), Instant.now()));
    Integer status = failAll ? Integer.valueOf(500) : scripted.poll();
    boolean v2 = path.startsWith("/v2");
    if (status == null && !v2) {
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
      return;
    }
    String reply =
        v2 && status == null
            ? "<xml><return_code><![CDATA[SUCCESS]]></return_code>"
                + "<return_msg><![CDATA[OK]]></return_msg></xml>"
            : v2
                ? "<xml><return_code><![CDATA[FAIL]]></return_code></xml>"
                : "{\"code\":\"FAIL\",\"message\":\"失败\"}";
    byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status == null ? 200 : status, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  /** The APIv3 notify URL. */
  public String url() {
    return LoopbackServer.url(server, "/notify");
  }

  /** The APIv2 notify URL (answers WeChat's XML). */
  public String v2Url() {
    return LoopbackServer.url(server, "/v2/notify");
  }

  /** The next replies' HTTP statuses, in order; after them, success. */
  public void replyNext(Integer... statuses) {
    scripted.addAll(List.of(statuses));
  }

  public void failEverything(boolean fail) {
    failAll = fail;
  }

  public List<Received> received() {
    return List.copyOf(received);
  }

  public List<Received> containing(String text) {
    return received.stream().filter(r -> r.body().contains(text)).toList();
  }

  public void clear() {
    received.clear();
    scripted.clear();
    failAll = false;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
