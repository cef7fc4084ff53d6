package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Every exchange of the run, in the order they completed; safe for concurrent use. */
public final class Exchanges {

  /**
   * An answer that broke its own promise, seen by the workload (a 200 precreate without a code).
   */
  public record Breach(String orderNo, String detail) {}

  /** Two answers to the same refund (same order and number) sent at once to two instances. */
  public record Twin(String orderNo, String outRequestNo, Reply first, Reply second) {}

  private final List<Exchange> all = new ArrayList<>();
  private final List<Twin> twins = new ArrayList<>();
  private final List<Breach> breaches = new ArrayList<>();
  private final AtomicLong ok = new AtomicLong();
  private final AtomicLong clientErrors = new AtomicLong();
  private final AtomicLong serverErrors = new AtomicLong();
  private final AtomicLong unanswered = new AtomicLong();

  public synchronized void add(Exchange exchange) {
    all.add(exchange);
    if (exchange.status() == -1) {
      unanswered.incrementAndGet();
    } else if (exchange.status() >= 500) {
      serverErrors.incrementAndGet();
    } else if (exchange.status() >= 400) {
      clientErrors.incrementAndGet();
    } else {
      ok.incrementAndGet();
    }
  }

  public synchronized void twin(Twin twin) {
    twins.add(twin);
  }

  public synchronized void breach(Breach breach) {
    breaches.add(breach);
  }

  public synchronized List<Breach> breaches() {
    return List.copyOf(breaches);
  }

  public synchronized List<Exchange> all() {
    return List.copyOf(all);
  }

  public synchronized List<Twin> twins() {
    return List.copyOf(twins);
  }

  public synchronized int size() {
    return all.size();
  }

  /** How many requests were answered 2xx. */
  public long answeredOk() {
    return ok.get();
  }

  /** {@code requests=N (2xx a, 4xx b, 5xx c, unanswered d)}. */
  public String summary() {
    return "requests="
        + size()
        + " (2xx "
        + ok
        + ", 4xx "
        + clientErrors
        + ", 5xx "
        + serverErrors
        + ", unanswered "
        + unanswered
        + ")";
  }
}
