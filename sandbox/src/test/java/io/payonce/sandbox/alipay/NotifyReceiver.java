package io.payonce.sandbox.alipay;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.payonce.sandbox.LoopbackServer;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;

/** A merchant's notify_url on loopback: records every form it gets, answers scripted replies. */
public final class NotifyReceiver implements AutoCloseable {

  private final List<Map<String, String>> received = new CopyOnWriteArrayList<>();
  private final ConcurrentLinkedQueue<String> scriptedReplies = new ConcurrentLinkedQueue<>();
  private final HttpServer server = LoopbackServer.start("/notify", this::answer);

  private NotifyReceiver() {}

  public static NotifyReceiver start() {
    return new NotifyReceiver();
  }

  private void answer(HttpExchange exchange) throws IOException {
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    received.add(parse(body));
    String reply = scriptedReplies.poll();
    byte[] bytes = (reply == null ? "success" : reply).getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(200, bytes.length);
    exchange.getResponseBody().write(bytes);
    exchange.close();
  }

  public String url() {
    return LoopbackServer.url(server, "/notify");
  }

  /** The next replies, in order; after them, {@code success}. */
  public void replyNext(String... replies) {
    scriptedReplies.addAll(List.of(replies));
  }

  public List<Map<String, String>> received() {
    return List.copyOf(received);
  }

  public List<Map<String, String>> receivedFor(String outTradeNo) {
    List<Map<String, String>> matching = new ArrayList<>();
    received.stream().filter(n -> outTradeNo.equals(n.get("out_trade_no"))).forEach(matching::add);
    return matching;
  }

  private static Map<String, String> parse(String form) {
    Map<String, String> params = new LinkedHashMap<>();
    for (String pair : form.split("&")) {
      int eq = pair.indexOf('=');
      params.put(
          URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
          URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return params;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
