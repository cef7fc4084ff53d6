package io.payonce.server.redis;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.JsonHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestNumbers;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Benchmark, not a test (surefire does not run it by default): a duplicate storm — {@value
 * #REQUESTS_PER_ORDER} concurrent precreates for each of {@value #ORDERS} orders over HTTP — with
 * and without the Redis lock, counting the unique-key conflicts the database resolved ({@code
 * payonce.payment.open.conflicts}). Run with {@code -Dtest='RedisLockBenchmark*'}; see
 * BENCHMARKS.md. Prints, and writes to target/benchmarks/.
 */
@PayOnceIntegrationTest
abstract class RedisLockBenchmark {

  static final int ORDERS = 20;
  static final int REQUESTS_PER_ORDER = 30;

  @LocalServerPort int port;
  @Autowired OrderService orders;
  @Autowired MeterRegistry meters;

  abstract String mode();

  @Test
  void duplicateStorm() throws Exception {
    JsonHttp http = new JsonHttp(port);
    Counter conflicts = meters.counter("payonce.payment.open.conflicts");
    warmUp(http);
    double before = conflicts.count();
    int ok = 0;
    int other = 0;
    long started = System.nanoTime();
    for (int i = 0; i < ORDERS; i++) {
      String orderNo = TestNumbers.orderNo("storm");
      orders.create(new NewOrder(orderNo, "u", Money.ofMinor(100, "CNY"), "storm"));
      for (HttpResponse<String> r : storm(http, orderNo)) {
        if (r.statusCode() == 200) {
          ok++;
        } else {
          other++;
        }
      }
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    String line =
        String.format(
            "redis-lock=%s orders=%d requests=%d ok=%d other=%d unique-conflicts=%d elapsed-ms=%d",
            mode(),
            ORDERS,
            ORDERS * REQUESTS_PER_ORDER,
            ok,
            other,
            (long) (conflicts.count() - before),
            millis);
    System.out.println("BENCHMARK " + line);
    Path out = Path.of("target", "benchmarks", "redis-lock-" + mode() + ".txt");
    Files.createDirectories(out.getParent());
    Files.writeString(out, line + System.lineSeparator());
  }

  private void warmUp(JsonHttp http) throws Exception {
    String orderNo = TestNumbers.orderNo("warm");
    orders.create(new NewOrder(orderNo, "u", Money.ofMinor(100, "CNY"), "warm"));
    http.post("/pay/alipay/precreate", "{\"orderNo\":\"" + orderNo + "\"}");
  }

  private static List<HttpResponse<String>> storm(JsonHttp http, String orderNo) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(REQUESTS_PER_ORDER);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<HttpResponse<String>>> futures = new ArrayList<>();
      for (int i = 0; i < REQUESTS_PER_ORDER; i++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return http.post("/pay/alipay/precreate", "{\"orderNo\":\"" + orderNo + "\"}");
                }));
      }
      start.countDown();
      List<HttpResponse<String>> answers = new ArrayList<>();
      for (Future<HttpResponse<String>> future : futures) {
        answers.add(future.get());
      }
      return answers;
    } finally {
      pool.shutdownNow();
    }
  }
}
