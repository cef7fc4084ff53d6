package io.payonce.server.audit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.log.Failures;
import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes audit rows in the background, many per transaction. Audit rows describe money states but
 * are not money states: the payment, its journal and its outbox events are committed with the state
 * change itself; a crash may lose the rows of the last linger ({@code payonce.audit.linger}, 1 s),
 * never a payment. That trade buys the design's flush budget (a notify costs one durable flush, a
 * duplicate none): at a steady rate r, audit rows cost 1 / (r × linger) flushes each — 0.003 for
 * duplicate notifies at 300/s, which 200 ms (0.017) did not reach.
 */
@Component
public class AuditTrail {

  private static final Logger log = LoggerFactory.getLogger(AuditTrail.class);
  private static final int CAPACITY = 10_000;
  private static final int BATCH = 500;

  private final JdbcClient jdbc;
  private final TransactionTemplate transactions;
  private final BlockingQueue<Consumer<JdbcClient>> pending = new LinkedBlockingQueue<>(CAPACITY);
  private final Counter dropped;
  private final Thread writer;
  private final java.time.Duration linger;
  private volatile boolean running = true;

  AuditTrail(
      JdbcClient jdbc,
      TransactionTemplate transactions,
      MeterRegistry meters,
      @org.springframework.beans.factory.annotation.Value("${payonce.audit.linger:1s}")
          java.time.Duration linger) {
    this.jdbc = jdbc;
    this.linger = linger;
    this.transactions = transactions;
    this.dropped = meters.counter("payonce.audit.dropped");
    this.writer = new Thread(this::run, "audit-trail");
    this.writer.setDaemon(true);
    this.writer.start();
  }

  /** Queues one insert; never blocks the caller. */
  public void submit(Consumer<JdbcClient> insert) {
    if (!pending.offer(insert)) {
      dropped.increment();
      log.warn("audit row dropped: queue full");
    }
  }

  /** Writes everything queued so far (tests, and shutdown). */
  public void flush() {
    List<Consumer<JdbcClient>> batch = new ArrayList<>();
    while (pending.drainTo(batch, BATCH) > 0) {
      write(batch);
      batch.clear();
    }
  }

  private void run() {
    List<Consumer<JdbcClient>> batch = new ArrayList<>();
    while (running) {
      try {
        Consumer<JdbcClient> first = pending.poll(200, TimeUnit.MILLISECONDS);
        if (first == null) {
          continue;
        }
        batch.add(first);
        // Linger a moment so that one commit carries the rows of many requests.
        long lingerEnds = System.nanoTime() + linger.toNanos();
        while (batch.size() < BATCH) {
          long left = lingerEnds - System.nanoTime();
          Consumer<JdbcClient> next = left > 0 ? pending.poll(left, TimeUnit.NANOSECONDS) : null;
          if (next == null) {
            break;
          }
          batch.add(next);
        }
        write(batch);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (RuntimeException e) {
        log.warn("audit batch of {} not written {}", batch.size(), Failures.describe(e));
        dropped.increment(batch.size());
      }
      batch.clear();
    }
  }

  private void write(List<Consumer<JdbcClient>> batch) {
    transactions.executeWithoutResult(status -> batch.forEach(insert -> insert.accept(jdbc)));
  }

  @PreDestroy
  void stop() {
    running = false;
    writer.interrupt();
    try {
      flush();
    } catch (RuntimeException e) {
      log.warn("audit rows lost at shutdown {}", Failures.describe(e));
    }
  }
}
