package io.payonce.server.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A duplicate storm — {@link #REQUESTS_PER_ORDER} concurrent precreates for each of {@link #ORDERS}
 * orders over HTTP — with and without the Redis lock: every request is answered with the order's
 * one QR code, and each order makes one payment and one channel call, whichever way the duplicates
 * were kept apart. It also counts the unique-key conflicts the database resolved ({@code
 * payonce.payment.open.conflicts}): none with the lock. The counts and time go to the output and to
 * target/benchmarks/ (BENCHMARKS.md runs it larger: {@code -Dpayonce.storm.orders=20
 * -Dpayonce.storm.requests=30}).
 */
@PayOnceIntegrationTest
abstract class DuplicateStormIntegrationTests {

  static final int ORDERS = Integer.getInteger("payonce.storm.orders", 8);
  static final int REQUESTS_PER_ORDER = Integer.getInteger("payonce.storm.requests", 20);

  @LocalServerPort int port;
  @Autowired OrderService orders;
  @Autowired MeterRegistry meters;

  abstract String mode();

  @Test
  void everyDuplicateGetsTheOrdersOneQrCodeAndTheChannelIsCalledOnce() throws Exception {
    PayOnceHttp http = new PayOnceHttp(port);
    Counter conflicts = meters.counter("payonce.payment.open.conflicts");
    warmUp(http);
    double before = conflicts.count();
    int ok = 0;
    int other = 0;
    long started = System.nanoTime();
    for (int i = 0; i < ORDERS; i++) {
      String orderNo = TestNumbers.orderNo("storm");
      orders.create(
          new NewOrder(TestApps.APP_ID, orderNo, "u", Money.ofMinor(100, "CNY"), "storm"));
      List<Answer> answers = Concurrently.run(REQUESTS_PER_ORDER, n -> http.precreate(orderNo));
      for (Answer r : answers) {
        if (r.status() == 200) {
          ok++;
        } else {
          other++;
        }
      }
      assertThat(answers).extracting(Answer::status).containsOnly(200);
      assertThat(answers)
          .extracting(a -> a.text("qrCode"))
          .containsOnly(answers.get(0).text("qrCode"));
      assertThat(http.payments(orderNo)).hasSize(1);
      assertThat(http.calls(answers.get(0).text("outTradeNo"), "alipay.trade.precreate"))
          .hasSize(1);
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    long collided = (long) (conflicts.count() - before);
    String line =
        String.format(
            "redis-lock=%s orders=%d requests=%d ok=%d other=%d unique-conflicts=%d elapsed-ms=%d",
            mode(), ORDERS, ORDERS * REQUESTS_PER_ORDER, ok, other, collided, millis);
    System.out.println("BENCHMARK " + line);
    Path out = Path.of("target", "benchmarks", "redis-lock-" + mode() + ".txt");
    Files.createDirectories(out.getParent());
    Files.writeString(out, line + System.lineSeparator());
    if (mode().equals("on")) {
      assertThat(collided).isZero();
    }
  }

  private void warmUp(PayOnceHttp http) {
    String orderNo = TestNumbers.orderNo("warm");
    orders.create(new NewOrder(TestApps.APP_ID, orderNo, "u", Money.ofMinor(100, "CNY"), "warm"));
    http.precreate(orderNo);
  }
}
