package io.payonce.sandbox.ledger;

import io.payonce.sandbox.SandboxResettable;
import io.payonce.sandbox.clock.SandboxClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every order of one channel, and the only code that changes them. One lock (the ledger's monitor)
 * guards all of it: the ledger is the oracle of "how often was the buyer charged", so it serializes
 * every change rather than being clever; each critical section is a few map operations.
 *
 * <p>Orders are kept in the order they were created, one per merchant and out_trade_no, and found
 * also by the channel's own number and by the code a buyer scans. The channel's ledger says what
 * its orders are, how they move and, in {@link #refreshed}, what time alone does to them.
 */
public abstract class Ledger<O extends LedgerEntry> implements SandboxResettable {

  protected final SandboxClock clock;
  private final String channel;
  private final Map<String, O> orders = new LinkedHashMap<>();
  private final Map<String, String> keysByTradeNo = new HashMap<>();
  private final Map<String, String> keysByCode = new HashMap<>();
  private final Set<String> waiting = new HashSet<>();
  private final AtomicLong version = new AtomicLong();

  protected Ledger(String channel, SandboxClock clock) {
    this.channel = channel;
    this.clock = clock;
  }

  /** {@code alipay}, {@code wechat}: names the ledger's janitor thread and its log lines. */
  public String channel() {
    return channel;
  }

  /**
   * The order under this key as time has left it (a due confirmation paid, a passed deadline
   * closed, a refund settled), or null when there is none. Called under the lock.
   */
  protected abstract O refreshed(String key, Instant now);

  /** The order, refreshed, if it exists. */
  public synchronized Optional<O> find(String merchant, OrderRef ref) {
    String key = keyOf(merchant, ref);
    return Optional.ofNullable(key == null ? null : refreshed(key, clock.now()));
  }

  /** Every merchant's orders with this out_trade_no, refreshed. */
  public synchronized List<O> byOutTradeNo(String outTradeNo) {
    Instant now = clock.now();
    return List.copyOf(orders.keySet()).stream()
        .map(key -> refreshed(key, now))
        .filter(o -> o.outTradeNo().equals(outTradeNo))
        .toList();
  }

  /**
   * A page of the orders in creation order, each refreshed as a single lookup would be, so that the
   * full listing is the ledger's truth.
   */
  public synchronized List<O> page(int page, int size) {
    Instant now = clock.now();
    return pageOfKeys(page, size).stream().map(key -> refreshed(key, now)).toList();
  }

  /** A page of the orders in creation order, as stored. */
  protected synchronized List<O> storedPage(int page, int size) {
    return pageOfKeys(page, size).stream().map(orders::get).toList();
  }

  private List<String> pageOfKeys(int page, int size) {
    List<String> keys = new ArrayList<>(orders.keySet());
    int from = Math.min(keys.size(), page * size);
    return List.copyOf(keys.subList(from, Math.min(keys.size(), from + size)));
  }

  /** Every order as stored, in creation order. */
  public synchronized List<O> all() {
    return List.copyOf(orders.values());
  }

  public synchronized int size() {
    return orders.size();
  }

  /** Increases with every change, so persistence knows when to write. */
  public long version() {
    return version.get();
  }

  /** Replaces everything with orders persisted by an earlier run. */
  public synchronized void restore(List<O> restored) {
    reset();
    restored.forEach(this::put);
  }

  /** Applies what time alone does to the orders waiting on it; the janitor calls it. */
  public synchronized void applyDue() {
    Instant now = clock.now();
    List.copyOf(waiting).forEach(key -> refreshed(key, now));
  }

  @Override
  public synchronized void reset() {
    orders.clear();
    keysByTradeNo.clear();
    keysByCode.clear();
    waiting.clear();
    version.incrementAndGet();
  }

  /** Files the order (new, or a new state of one) under its keys. Called under the lock. */
  protected void put(O order) {
    String key = key(order);
    orders.put(key, order);
    if (order.scanCode() != null) {
      keysByCode.put(order.scanCode(), key);
    }
    if (order.channelTradeNo() != null) {
      keysByTradeNo.put(order.channelTradeNo(), key);
    }
    if (order.waitsOnTime()) {
      waiting.add(key);
    } else {
      waiting.remove(key);
    }
    version.incrementAndGet();
  }

  /** The order under this key as stored, not refreshed; null when there is none. */
  protected O stored(String key) {
    return orders.get(key);
  }

  /** Every order as stored, live and read-only. Called under the lock. */
  protected Collection<O> stored() {
    return Collections.unmodifiableCollection(orders.values());
  }

  /** The key of the merchant's order named so, or null when the ledger has none. */
  protected String keyOf(String merchant, OrderRef ref) {
    if (ref.tradeNo() != null) {
      String key = keysByTradeNo.get(ref.tradeNo());
      return key != null && orders.get(key).merchant().equals(merchant) ? key : null;
    }
    String key = key(merchant, ref.outTradeNo());
    return orders.containsKey(key) ? key : null;
  }

  /** The key of the order whose scan code this is (null when none is). */
  protected String keyOfCode(String code) {
    return code == null ? null : keysByCode.get(code);
  }

  /** The code no longer names its order (a new code replaced it). */
  protected void forgetCode(String code) {
    keysByCode.remove(code);
  }

  protected static String key(LedgerEntry order) {
    return key(order.merchant(), order.outTradeNo());
  }

  protected static String key(String merchant, String outTradeNo) {
    return merchant + '\u0000' + outTradeNo;
  }
}
