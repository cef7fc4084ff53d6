package io.payonce.chaos.events;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.payonce.chaos.http.JsonHttp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.Executors;
import java.util.function.LongSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.JsonNode;

/**
 * The merchant's webhook endpoint for the instances' embedded sink: checks {@code
 * PayOnce-Signature} ({@code t=..,v1=<hex HMAC-SHA256 of "t.body">}), then records the envelope by
 * its event id. While {@link #refuse} is on it answers 503, so deliveries are retried.
 */
public final class WebhookReceiver implements AutoCloseable {

  private final HttpServer server;
  private final String secret;
  private final EventLog log;
  private final LongSupplier clockMs;
  private volatile boolean refusing;

  public WebhookReceiver(EventLog log, LongSupplier clockMs) throws IOException {
    this.log = log;
    this.clockMs = clockMs;
    byte[] random = new byte[24];
    new SecureRandom().nextBytes(random);
    this.secret = HexFormat.of().formatHex(random);
    this.server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 128);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/events", this::receive);
    server.start();
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/events";
  }

  public String secret() {
    return secret;
  }

  /** Answers 503 to every delivery while on (a merchant endpoint that is down). */
  public void refuse(boolean on) {
    refusing = on;
  }

  private void receive(HttpExchange exchange) throws IOException {
    try (exchange) {
      byte[] body = exchange.getRequestBody().readAllBytes();
      if (refusing) {
        exchange.sendResponseHeaders(503, -1);
        return;
      }
      String signature = exchange.getRequestHeaders().getFirst("PayOnce-Signature");
      JsonNode envelope;
      try {
        envelope = JsonHttp.json().readTree(new String(body, StandardCharsets.UTF_8));
      } catch (RuntimeException unreadable) {
        envelope = null;
      }
      if (envelope == null || !verifies(signature, body)) {
        log.reject();
        exchange.sendResponseHeaders(400, -1);
        return;
      }
      log.deliver(
          envelope.path("eventId").asString(),
          envelope.path("type").asString(),
          envelope.path("orderNo").asString(null),
          clockMs.getAsLong());
      exchange.sendResponseHeaders(204, -1);
    }
  }

  boolean verifies(String header, byte[] body) {
    if (header == null) {
      return false;
    }
    String t = null;
    String v1 = null;
    for (String part : header.split(",")) {
      String[] pair = part.trim().split("=", 2);
      if (pair.length == 2 && pair[0].equals("t")) {
        t = pair[1];
      } else if (pair.length == 2 && pair[0].equals("v1")) {
        v1 = pair[1];
      }
    }
    if (t == null || v1 == null) {
      return false;
    }
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
      byte[] expected = mac.doFinal(body);
      return MessageDigest.isEqual(
          expected, HexFormat.of().parseHex(v1.length() % 2 == 0 ? v1 : "0" + v1));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
