package io.payonce.chaos.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.payonce.chaos.http.JsonHttp;
import io.payonce.chaos.http.Reply;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The harness's load balancer against small in-JVM backends. */
class LoadBalancerTests {

  private final List<HttpServer> backends = new ArrayList<>();
  private final List<String> seen = new CopyOnWriteArrayList<>();
  private final JsonHttp http = new JsonHttp(Duration.ofSeconds(5));
  private LoadBalancer lb;

  @AfterEach
  void stop() {
    if (lb != null) {
      lb.close();
    }
    backends.forEach(b -> b.stop(0));
  }

  @Test
  void spreadsRequestsRoundRobin() throws IOException {
    lb = new LoadBalancer(0, List.of(echo("a"), echo("b")), Duration.ofSeconds(5));

    for (int i = 0; i < 4; i++) {
      http.get(lb.base() + "/x");
    }

    assertThat(seen).containsExactlyInAnyOrder("a GET /x", "b GET /x", "a GET /x", "b GET /x");
  }

  @Test
  void skipsAnInstanceThatRefusesConnections() throws IOException {
    lb = new LoadBalancer(0, List.of(refusing(), echo("b")), Duration.ofSeconds(5));

    for (int i = 0; i < 3; i++) {
      assertThat(http.get(lb.base() + "/x").status()).isEqualTo(200);
    }

    assertThat(seen).hasSize(3).allMatch(s -> s.startsWith("b "));
  }

  @Test
  void answers503WhenNoInstanceTakesTheConnection() throws IOException {
    lb = new LoadBalancer(0, List.of(refusing(), refusing()), Duration.ofSeconds(5));

    Reply reply = http.get(lb.base() + "/x");

    assertThat(reply.status()).isEqualTo(503);
    assertThat(reply.problem()).isEqualTo("load-balancer");
  }

  @Test
  void forwardsMethodPathQueryHeadersAndBodyAndReturnsTheAnswerAsItIs() throws IOException {
    lb = new LoadBalancer(0, List.of(echo("a")), Duration.ofSeconds(5));

    Reply reply =
        http.post(lb.base() + "/pay/refund?x=1", Map.of("k", "v"), Map.of("Idempotency-Key", "K1"));

    assertThat(reply.status()).isEqualTo(201);
    assertThat(reply.body()).isEqualTo("{\"k\":\"v\"} key=K1");
    assertThat(reply.headers()).containsEntry("retry-after", "7");
    assertThat(seen).containsExactly("a POST /pay/refund?x=1");
  }

  @Test
  void neverSendsARequestThatReachedAnInstanceToAnother() throws IOException {
    AtomicInteger dropped = new AtomicInteger();
    lb = new LoadBalancer(0, List.of(dropping(dropped), echo("b")), Duration.ofSeconds(5));

    List<Integer> statuses = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      statuses.add(http.post(lb.base() + "/pay/refund", Map.of(), Map.of()).status());
    }

    assertThat(statuses).containsExactlyInAnyOrder(502, 201);
    assertThat(dropped).hasValue(1);
    assertThat(seen).containsExactly("b POST /pay/refund");
  }

  private String echo(String name) throws IOException {
    HttpServer server = server();
    server.createContext(
        "/",
        exchange -> {
          seen.add(name + " " + exchange.getRequestMethod() + " " + exchange.getRequestURI());
          byte[] body =
              (new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8)
                      + (exchange.getRequestHeaders().containsKey("Idempotency-Key")
                          ? " key=" + exchange.getRequestHeaders().getFirst("Idempotency-Key")
                          : ""))
                  .getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Retry-After", "7");
          exchange.sendResponseHeaders(
              exchange.getRequestMethod().equals("POST") ? 201 : 200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Accepts the request, then closes the connection without an answer (an instance dying). */
  private String dropping(AtomicInteger dropped) throws IOException {
    HttpServer server = server();
    server.createContext(
        "/",
        exchange -> {
          dropped.incrementAndGet();
          exchange.getRequestBody().readAllBytes();
          exchange.close();
        });
    server.start();
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static String refusing() {
    return "http://127.0.0.1:" + Ports.free();
  }

  private HttpServer server() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    backends.add(server);
    return server;
  }
}
