package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.db.SqlTime;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;

/**
 * A backlog of in-flight payments larger than the janitor's batch — codes nobody paid, during a
 * failover — is worked through in turn: the janitor asks the payments due longest first and moves
 * each one it claims behind the others, so a newer payment is asked about within as many rounds as
 * the backlog has batches, not after the older ones stop falling due; a sweep keeps taking rounds
 * while they are full; two janitors at once never ask about one payment twice; and the backlog is
 * measured and alarmed. The clock is the test's: rounds are ten seconds apart, as the schedule's.
 */
@PayOnceIntegrationTest
@TestPropertySource(properties = {"payonce.janitor.batch=10", "payonce.janitor.older-than=60s"})
abstract class JanitorBacklogIntegrationTests {

  private static final int BATCH = 10;
  private static final Duration OLDER_THAN = Duration.ofSeconds(60);
  private static final Duration INTERVAL = Duration.ofSeconds(10);
  private static final Duration LATE = Duration.ofHours(1);

  @LocalServerPort int port;
  @Autowired MutableClock clock;
  @Autowired PaymentJanitor janitor;
  @Autowired JanitorBacklog backlog;
  @Autowired MeterRegistry meters;
  @Autowired JdbcClient jdbc;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    clock.reset();
  }

  @Test
  void aNewerDuePaymentIsAskedAboutWithinTheBacklogsBatchesWhateverTheOlderOnes() {
    List<String> older = inFlight(25);
    String newer = inFlight(1).get(0);
    // The backlog is these 26: payments other test classes left in flight in the fork's database
    // are not due today (on MariaDB and PostgreSQL, late in a run, they were hundreds).
    parkAllBut(
        java.util.stream.Stream.concat(older.stream(), java.util.stream.Stream.of(newer)).toList());
    clock.advance(OLDER_THAN.plusSeconds(1));
    long due = dueNow();
    assertThat(due).isGreaterThanOrEqualTo(26);
    // The metric shows the backlog before the janitor starts on it.
    assertThat(meters.get("payonce.janitor.due").gauge().value()).isEqualTo(due);
    assertThat(meters.get("payonce.janitor.oldest.due.age").gauge().value()).isGreaterThan(0);

    long bound = (due + BATCH - 1) / BATCH;
    int rounds = 0;
    while (rounds < bound && queries(newer) == 0) {
      janitor.sweep();
      rounds++;
      clock.advance(INTERVAL);
    }

    assertThat(queries(newer)).as("asked within %d rounds of %d due", bound, due).isEqualTo(1);
    // The older ones were all asked too by then. (One asked in the first round is due again ten
    // seconds later, the minimum back-off, and may be asked again in the last round, after the
    // ones due before it: that is the fair order, not a payment passed over.)
    assertThat(older).allSatisfy(outTradeNo -> assertThat(queries(outTradeNo)).isPositive());
  }

  @Test
  void aSweepDrainsABacklogLargerThanItsBatch() {
    List<String> backlogged = inFlight(15);
    // These 15 alone (the fork's database keeps other classes' payments in flight).
    parkAllBut(backlogged);
    // An hour late: each claim moves its payment six minutes on, longer than the test runs.
    clock.advance(OLDER_THAN.plus(LATE));

    assertThat(janitor.drain()).isGreaterThanOrEqualTo(15);

    // More than a batch in one sweep, each payment once.
    assertThat(backlogged).allSatisfy(outTradeNo -> assertThat(queries(outTradeNo)).isEqualTo(1));
  }

  @Test
  void twoJanitorsAtOnceNeverAskAboutOnePaymentTwice() throws Exception {
    List<String> backlogged = inFlight(15);
    // These 15 alone (the fork's database keeps other classes' payments in flight).
    parkAllBut(backlogged);
    // An hour late: each claim moves its payment six minutes on, longer than the test runs.
    clock.advance(OLDER_THAN.plus(LATE));

    List<Integer> queried = Concurrently.run(2, i -> janitor.drain());

    assertThat(queried.get(0) + queried.get(1)).isGreaterThanOrEqualTo(15);
    assertThat(backlogged).allSatisfy(outTradeNo -> assertThat(queries(outTradeNo)).isEqualTo(1));
  }

  @Test
  void aPaymentClaimedLateInALongRoundIsNotDueAgainForAnotherJanitor() throws Exception {
    List<String> backlogged = inFlight(6);
    // The rounds here are about these six alone: payments other test classes left in flight in
    // the fork's database (which ran before is the fork's draw) would otherwise be due first and
    // fill the rounds, and the first of these would never be asked.
    parkAllBut(backlogged);
    clock.advance(OLDER_THAN.plusSeconds(1));
    // Each query takes a while: the round outlasts the least back-off (the clock jumps past it).
    http.chaos(Map.of("method", "alipay.trade.query", "gatewayLatencyMs", 300));
    String first = backlogged.get(0);

    List<Integer> queried =
        Concurrently.run(
            2,
            i -> {
              if (i == 1) {
                await().until(() -> queries(first) > 0);
                clock.advance(INTERVAL.plusSeconds(1));
              }
              return janitor.sweep();
            });

    assertThat(queried).isNotEmpty();
    // The first may fairly be due again after the jump; every later one was claimed after it.
    assertThat(backlogged.subList(2, backlogged.size()))
        .allSatisfy(outTradeNo -> assertThat(queries(outTradeNo)).isEqualTo(1));
  }

  /**
   * A rolling deploy: an instance of the version before next_check_at opens a payment with the
   * insert it knew, which names no next_check_at. The janitor must reach it all the same: its
   * notify may be lost, and then only a query tells that it was paid.
   */
  @Test
  void aPaymentAnEarlierVersionOpenedWithoutANextCheckIsAskedAboutToo() {
    String opened = inFlight(1).get(0);
    String earlier = "PE" + opened.substring(2);
    // The slot is freed for the copy the earlier version writes under the same order.
    jdbc.sql(
            """
            UPDATE payment SET status = 'CLOSED', active_slot = NULL, next_check_at = NULL
            WHERE out_trade_no = :outTradeNo
            """)
        .param("outTradeNo", opened)
        .update();
    jdbc.sql(
            """
            INSERT INTO payment (order_id, channel, kind, out_trade_no, amount_minor, currency,
                                 status, active_slot, request_id, expire_time, call_lease_until,
                                 channel_config, created_at, updated_at, version)
            SELECT order_id, channel, kind, :earlier, amount_minor, currency, 'PRECREATED', 1,
                   request_id, expire_time, call_lease_until, channel_config, created_at,
                   updated_at, 0
            FROM payment WHERE out_trade_no = :outTradeNo
            """)
        .param("earlier", earlier)
        .param("outTradeNo", opened)
        .update();
    parkAllBut(List.of(earlier));
    clock.advance(OLDER_THAN.plusSeconds(1));

    janitor.sweep();

    assertThat(queries(earlier)).isEqualTo(1);
  }

  @Test
  void aBacklogWhoseOldestPaymentWaitedTooLongIsAlarmedOncePerPeriod() {
    inFlight(1);
    clock.advance(OLDER_THAN.plus(Duration.ofMinutes(5)).plusSeconds(1));
    long alarmsBefore = backlogAlarms();

    assertThat(backlog.alarmIfBehind()).isTrue();
    assertThat(backlog.alarmIfBehind()).isFalse();

    assertThat(backlogAlarms()).isEqualTo(alarmsBefore + 1);
    assertThat(meters.get("payonce.janitor.oldest.due.age").gauge().value())
        .isGreaterThanOrEqualTo(300);
  }

  /** {@code n} QR payments in flight, their codes handed out and never paid, oldest first. */
  private List<String> inFlight(int n) {
    List<String> outTradeNos = new ArrayList<>();
    for (int i : IntStream.range(0, n).toArray()) {
      Answer precreated = http.precreate(http.createOrder("1.0" + (i % 10)));
      assertThat(precreated.status()).as(precreated.body()).isEqualTo(200);
      outTradeNos.add(precreated.text("outTradeNo"));
    }
    return outTradeNos;
  }

  /** Every other in-flight payment is not due before tomorrow (by the test's clock). */
  private void parkAllBut(List<String> outTradeNos) {
    jdbc.sql(
            """
            UPDATE payment SET next_check_at = :tomorrow
            WHERE next_check_at IS NOT NULL AND out_trade_no NOT IN (:ours)
            """)
        .param("tomorrow", SqlTime.toColumn(clock.instant().plus(Duration.ofDays(1))))
        .param("ours", outTradeNos)
        .update();
  }

  private int queries(String outTradeNo) {
    return http.calls(outTradeNo, "alipay.trade.query").size();
  }

  /** The payments the janitor may ask about now, every test's (the database is shared). */
  private long dueNow() {
    return backlog.measure().due();
  }

  private long backlogAlarms() {
    return jdbc.sql("SELECT COUNT(*) FROM alarm WHERE alarm_type = 'JANITOR_BACKLOG'")
        .query(Long.class)
        .single();
  }
}
