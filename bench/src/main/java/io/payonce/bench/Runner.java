package io.payonce.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Runs a list of work items on a fixed number of client threads, each with its own session (a
 * connection, or nothing for HTTP), and records every operation's latency. Items are handed out in
 * list order, so neighbouring items run at the same time: that is how a duplicate storm puts its
 * repeats of one order in flight together. A run stops taking items at its time cap.
 */
final class Runner {

  /** A client's resources for the length of a run, opened before and closed after timing. */
  interface Sessions<S> {
    S open() throws Exception;

    void close(S session) throws Exception;
  }

  /** One operation on one item; throwing counts it as an error. */
  @FunctionalInterface
  interface Op<S, T> {
    void run(S session, T item) throws Exception;
  }

  /** What a run did: operations completed without error, errors, wall time, latencies in ns. */
  record Outcome(int ops, int errors, long nanos, Histogram latencies, String firstError) {
    double perSecond() {
      return nanos == 0 ? 0 : ops / (nanos / 1e9);
    }
  }

  private static final Sessions<Void> NO_SESSIONS =
      new Sessions<>() {
        @Override
        public Void open() {
          return null;
        }

        @Override
        public void close(Void session) {}
      };

  private Runner() {}

  static Sessions<Void> noSessions() {
    return NO_SESSIONS;
  }

  static <S, T> Outcome run(
      List<T> items, int concurrency, Sessions<S> sessions, Op<S, T> op, Duration cap)
      throws Exception {
    List<S> opened = new ArrayList<>();
    try {
      for (int i = 0; i < concurrency; i++) {
        opened.add(sessions.open());
      }
      return timed(items, opened, op, cap);
    } finally {
      for (S session : opened) {
        sessions.close(session);
      }
    }
  }

  private static <S, T> Outcome timed(List<T> items, List<S> sessions, Op<S, T> op, Duration cap)
      throws InterruptedException {
    AtomicInteger next = new AtomicInteger();
    AtomicInteger done = new AtomicInteger();
    AtomicInteger errors = new AtomicInteger();
    AtomicReference<String> firstError = new AtomicReference<>();
    List<Histogram> histograms = new ArrayList<>();
    CountDownLatch start = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(sessions.size());
    long[] startedAt = new long[1];
    for (S session : sessions) {
      Histogram histogram = new Histogram(Duration.ofMinutes(5).toNanos(), 3);
      histograms.add(histogram);
      Thread client =
          new Thread(
              () -> {
                try {
                  start.await();
                  long deadline = startedAt[0] + cap.toNanos();
                  for (int i = next.getAndIncrement();
                      i < items.size() && System.nanoTime() < deadline;
                      i = next.getAndIncrement()) {
                    long began = System.nanoTime();
                    try {
                      op.run(session, items.get(i));
                      histogram.recordValue(System.nanoTime() - began);
                      done.incrementAndGet();
                    } catch (Exception e) {
                      errors.incrementAndGet();
                      firstError.compareAndSet(null, e.toString());
                    }
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                } finally {
                  finished.countDown();
                }
              },
              "bench-client");
      client.setDaemon(true);
      client.start();
    }
    startedAt[0] = System.nanoTime();
    start.countDown();
    finished.await();
    long nanos = System.nanoTime() - startedAt[0];
    Histogram all = new Histogram(Duration.ofMinutes(5).toNanos(), 3);
    histograms.forEach(all::add);
    return new Outcome(done.get(), errors.get(), nanos, all, firstError.get());
  }
}
