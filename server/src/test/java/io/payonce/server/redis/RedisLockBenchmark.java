package io.payonce.server.redis;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestNumbers;
import java.nio.file.Files;
import java.nio.file.Path;
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
    PayOnceHttp http = new PayOnceHttp(port);
    Counter conflicts = meters.counter("payonce.payment.open.conflicts");
    warmUp(http);
    double before = conflicts.count();
    int ok = 0;
    int other = 0;
    long started = System.nanoTime();
    for (int i = 0; i < ORDERS; i++) {
      String orderNo = TestNumbers.orderNo("storm");
      orders.create(new NewOrder(orderNo, "u", Money.ofMinor(100, "CNY"), "storm"));
      for (Answer r : Concurrently.run(REQUESTS_PER_ORDER, n -> http.precreate(orderNo))) {
        if (r.status() == 200) {
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

  private void warmUp(PayOnceHttp http) {
    String orderNo = TestNumbers.orderNo("warm");
    orders.create(new NewOrder(orderNo, "u", Money.ofMinor(100, "CNY"), "warm"));
    http.precreate(orderNo);
  }
}
