package io.payonce.sandbox.journal;

import io.payonce.sandbox.SandboxResettable;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

/**
 * What one channel's gateway or notifier did, most recent last, for tests to inspect over HTTP (see
 * {@link JournalController}). The oldest entries go beyond a cap, so memory stays bounded under
 * load. Each channel journals its own record type, in its own words.
 */
public class Journal<T> implements SandboxResettable {

  private static final int CAP = 200_000;

  private final String channel;
  private final Kind kind;
  private final Function<T, String> outTradeNo;
  private final Function<T, String> method;
  private final Deque<T> entries = new ArrayDeque<>();

  /** What a journal holds. */
  public enum Kind {
    /** Calls to the channel's APIs: {@code GET /sandbox/<channel>/calls?outTradeNo=&method=}. */
    CALLS,
    /** Deliveries of notifies: {@code GET /sandbox/<channel>/notifies?outTradeNo=}. */
    NOTIFIES
  }

  /** A journal whose entries are found by out_trade_no alone. */
  protected Journal(String channel, Kind kind, Function<T, String> outTradeNo) {
    this(channel, kind, outTradeNo, entry -> null);
  }

  /** A journal whose entries are found by out_trade_no and by method. */
  protected Journal(
      String channel, Kind kind, Function<T, String> outTradeNo, Function<T, String> method) {
    this.channel = channel;
    this.kind = kind;
    this.outTradeNo = outTradeNo;
    this.method = method;
  }

  public synchronized void record(T entry) {
    if (entries.size() == CAP) {
      entries.removeFirst();
    }
    entries.addLast(entry);
  }

  /** The entries about this out_trade_no and method; a null criterion matches every entry. */
  public synchronized List<T> find(String outTradeNo, String method) {
    return entries.stream()
        .filter(e -> outTradeNo == null || outTradeNo.equals(this.outTradeNo.apply(e)))
        .filter(e -> method == null || method.equals(this.method.apply(e)))
        .toList();
  }

  boolean holds(String channel, Kind kind) {
    return this.channel.equals(channel) && this.kind == kind;
  }

  @Override
  public synchronized void reset() {
    entries.clear();
  }
}
