package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TcpProxy;
import io.payonce.server.testing.TestNumbers;
import io.payonce.server.testing.ThroughDatabaseProxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * The database server goes away under requests, as a restart or a failover takes it, and comes
 * back: every route that needs it answers 503 with Retry-After as problem+json while it is away —
 * never 500 — and serves again once it is back; the readiness group says DOWN meanwhile and
 * liveness stays UP. On MariaDB and PostgreSQL through the {@code OnMariaDb} and {@code OnPostgres}
 * subclasses and the {@link TcpProxy} in front of them (H2 in memory has no connection to break).
 */
@PayOnceIntegrationTest
@ThroughDatabaseProxy
@ExtendWith(OutputCaptureExtension.class)
// The pool gives up on a database that is away after 3 s, not Hikari's 30; the db indicator's
// answer comes well before that.
@TestPropertySource(
    properties = {
      "spring.datasource.hikari.connection-timeout=3000",
      "payonce.health.db-timeout=500ms"
    })
abstract class DatabaseOutageIntegrationTests {

  @LocalServerPort int port;
  @Autowired TcpProxy databaseProxy;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    databaseProxy.disarm();
    databaseProxy.restore();
    awaitReady();
    http.calm();
  }

  @Test
  void readinessIsDownWhileTheDatabaseIsAwayAndLivenessStaysUp() {
    awaitReady();
    assertThat(http.get(readiness()).body()).contains("\"UP\"");

    databaseProxy.cut();

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              long started = System.nanoTime();
              Answer ready = http.get(readiness());
              Duration took = Duration.ofNanos(System.nanoTime() - started);
              assertThat(ready.status()).as(ready.body()).isEqualTo(503);
              assertThat(ready.body()).contains("\"DOWN\"");
              // Within the indicator's timeout, not the pool's 3 s wait for a connection.
              assertThat(took).isLessThan(Duration.ofMillis(2500));
            });
    Answer alive = http.get(liveness());
    assertThat(alive.status()).as(alive.body()).isEqualTo(200);
    assertThat(alive.body()).contains("\"UP\"");

    databaseProxy.restore();
    awaitReady();
    assertThat(http.get(liveness()).status()).isEqualTo(200);
  }

  @Test
  void everyRouteAnswers503WithRetryAfterWhileTheDatabaseIsAwayAndServesOnceItIsBack(
      CapturedOutput output) throws Exception {
    // Serving before the cut: a connection an earlier test's proxy broke may cost the first
    // request a 503 ("retrying is safe") while the pool drops it.
    String madeBefore =
        await()
            .atMost(Duration.ofSeconds(20))
            .ignoreException(IllegalStateException.class)
            .until(() -> http.createOrder("4.00"), java.util.Objects::nonNull);
    Map<String, Function<String, Answer>> routes = routes();
    Map<String, AtomicInteger> unavailable = new ConcurrentHashMap<>();
    unavailable.put("POST /api/orders", new AtomicInteger());
    routes.keySet().forEach(route -> unavailable.put(route, new AtomicInteger()));
    List<String> wrong = new CopyOnWriteArrayList<>();
    AtomicBoolean loading = new AtomicBoolean(true);
    ExecutorService load = Executors.newFixedThreadPool(3);
    List<Future<Void>> loaders = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      loaders.add(
          load.submit(
              () -> {
                while (loading.get()) {
                  String fresh = TestNumbers.orderNo("outage");
                  Answer created = createOrder(fresh);
                  String orderNo = created.status() == 201 ? fresh : madeBefore;
                  judge("POST /api/orders", created, unavailable, wrong);
                  routes.forEach(
                      (route, call) -> judge(route, call.apply(orderNo), unavailable, wrong));
                }
                return null;
              }));
    }

    await().atMost(Duration.ofSeconds(30)).until(() -> served(routes, madeBefore));
    databaseProxy.cut();
    // Every route has met the outage, some under way when the connections were reset.
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(
            () -> {
              assertThat(wrong).isEmpty();
              assertThat(loaders).noneMatch(Future::isDone);
              assertThat(unavailable).allSatisfy((route, n) -> assertThat(n).hasPositiveValue());
            });
    databaseProxy.restore();
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(200))
        .ignoreExceptions()
        .until(() -> served(routes, http.createOrder("4.10")));
    loading.set(false);
    load.shutdown();
    assertThat(load.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    for (Future<Void> loader : loaders) {
      loader.get();
    }

    assertThat(wrong).isEmpty();
    // Each 503 is one WARN line, not an ERROR with a stack trace logged by the container for a
    // failure that escaped a filter.
    assertThat(output.getAll()).doesNotContain("Servlet.service() for servlet");
  }

  /** The routes a merchant calls about an order, each touching the database. */
  private Map<String, Function<String, Answer>> routes() {
    Map<String, Function<String, Answer>> routes = new LinkedHashMap<>();
    routes.put(
        "GET /api/orders/{orderNo}", no -> http.get(http.serverBase() + "/api/orders/" + no));
    // A client that accepts no JSON still gets the problem (never a failure to write one).
    routes.put(
        "GET /api/orders/{orderNo} as text/html",
        no -> http.get(http.serverBase() + "/api/orders/" + no, Map.of("Accept", "text/html")));
    routes.put("POST /pay/alipay/precreate", http::precreate);
    routes.put("POST /pay/wechat/precreate", http::wechatPrecreate);
    routes.put("GET /pay/query", http::query);
    routes.put("POST /pay/refund", no -> http.refund(no, "r-" + no, "0.01"));
    routes.put("POST /pay/close", http::close);
    return routes;
  }

  private Answer createOrder(String orderNo) {
    return http.post(
        http.serverBase() + "/api/orders",
        Map.of(
            "orderNo", orderNo,
            "userId", "u-" + UUID.randomUUID().toString().substring(0, 8),
            "amount", "4.20",
            "currency", "CNY",
            "title", "PayOnce test"),
        Map.of());
  }

  /** Each route answered its own way, not 5xx: the database serves. */
  private boolean served(Map<String, Function<String, Answer>> routes, String orderNo) {
    return routes.values().stream().allMatch(call -> call.apply(orderNo).status() < 500);
  }

  /** A 5xx is a 503 with Retry-After as problem+json, counted; anything else 5xx is wrong. */
  private static void judge(
      String route, Answer answer, Map<String, AtomicInteger> unavailable, List<String> wrong) {
    if (answer.status() < 500) {
      return;
    }
    String contentType = String.valueOf(answer.header("Content-Type"));
    String path = answer.raw().request().uri().getPath();
    if (answer.status() == 503
        && answer.header("Retry-After") != null
        && contentType.startsWith("application/problem+json")
        // The request's own path, not the container's error dispatch's /error.
        && path.equals(answer.text("instance"))) {
      unavailable.get(route).incrementAndGet();
    } else {
      wrong.add(route + " " + answer.status() + " " + contentType + " " + answer.body());
    }
  }

  private void awaitReady() {
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> http.get(readiness()).status() == 200);
  }

  private String readiness() {
    return http.serverBase() + "/actuator/health/readiness";
  }

  private String liveness() {
    return http.serverBase() + "/actuator/health/liveness";
  }
}
