package io.payonce.client;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The merchant's webhook endpoint in the tests: keeps every request as it arrived, answers 200. */
final class WebhookInbox {

  /** One delivery, its bytes untouched. */
  record Delivery(String signature, String eventId, byte[] body) {}

  private final HttpServer server;
  private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();

  private WebhookInbox(HttpServer server) {
    this.server = server;
  }

  static WebhookInbox start() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      WebhookInbox inbox = new WebhookInbox(server);
      server.createContext(
          "/webhook",
          exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            inbox.deliveries.add(
                new Delivery(
                    exchange.getRequestHeaders().getFirst(WebhookVerifier.SIGNATURE_HEADER),
                    exchange.getRequestHeaders().getFirst(WebhookVerifier.EVENT_ID_HEADER),
                    body));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
          });
      server.start();
      return inbox;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/webhook";
  }

  List<Delivery> deliveries() {
    return List.copyOf(deliveries);
  }
}
