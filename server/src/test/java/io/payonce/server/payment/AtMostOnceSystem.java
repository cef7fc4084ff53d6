package io.payonce.server.payment;

import io.payonce.sandbox.notify.Notifier;
import io.payonce.server.refund.RefundJanitor;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The running system a stateful property drives: the server over HTTP, the in-process sandbox
 * (wallet, ledger, chaos, clock) over HTTP, the two janitors, the server's database for reading,
 * and both clocks — which only ever move together and forward, so that the server and the channel
 * never disagree about whether a code has expired.
 */
final class AtMostOnceSystem {

  final PayOnceHttp http;
  final JdbcClient jdbc;
  final PaymentJanitor janitor;
  final RefundJanitor refundJanitor;
  private final List<Notifier<?, ?>> notifiers;
  private final MutableClock clock;
  private final String sandbox;
  private final ExecutorService background =
      Executors.newCachedThreadPool(
          work -> {
            Thread thread = new Thread(work, "at-most-once-background");
            thread.setDaemon(true);
            return thread;
          });
  private final List<CompletableFuture<?>> running = new CopyOnWriteArrayList<>();
  private Duration offset = Duration.ZERO;

  AtMostOnceSystem(
      int port,
      JdbcClient jdbc,
      PaymentJanitor janitor,
      RefundJanitor refundJanitor,
      List<Notifier<?, ?>> notifiers,
      MutableClock clock) {
    this.http = new PayOnceHttp(port);
    this.sandbox = "http://127.0.0.1:" + port;
    this.jdbc = jdbc;
    this.janitor = janitor;
    this.refundJanitor = refundJanitor;
    this.notifiers = List.copyOf(notifiers);
    this.clock = clock;
    clock.reset();
    http.resetSandboxClock();
    http.calm();
  }

  Instant now() {
    return clock.instant();
  }

  /** Moves the channel's clock, then ours: the channel is never behind us. */
  void advanceClocks(Duration by) {
    offset = offset.plus(by);
    http.sandboxClock(offset);
    clock.advance(by);
  }

  void chaos(Map<String, Object> knobs) {
    http.chaos(knobs);
  }

  void calm() {
    http.calm();
  }

  /** The sandbox ledger's rows for one out_trade_no (none before the channel heard of it). */
  List<JsonNode> trades(String outTradeNo) {
    return http.trades(outTradeNo);
  }

  /** The sandbox's WeChat Pay orders under one out_trade_no (none before a prepay). */
  List<JsonNode> wechatOrders(String outTradeNo) {
    return http.wechatOrders(outTradeNo);
  }

  /** Whether either channel still has a notify on its way. */
  boolean notifiesPending() {
    return notifiers.stream().anyMatch(n -> !n.pending().isEmpty());
  }

  Answer walletPay(String qrCode) {
    return http.walletPay(qrCode);
  }

  /** The buyer's Alipay app pays an order string the merchant's app handed it. */
  Answer appPay(String orderString) {
    return http.alipayAppPay(orderString);
  }

  Answer walletScan(String qrCode) {
    return http.walletScan(qrCode);
  }

  /** The buyer confirms a barcode payment that waits for their password. */
  Answer walletConfirm(String outTradeNo) {
    return http.post(
        sandbox + "/sandbox/alipay/wallet/pay", Map.of("outTradeNo", outTradeNo), Map.of());
  }

  Answer post(String path, Object body, Map<String, String> headers) {
    return http.post(http.serverBase() + path, body, headers);
  }

  Answer get(String path) {
    return http.get(http.serverBase() + path);
  }

  <T> CompletableFuture<T> inBackground(Supplier<T> work) {
    CompletableFuture<T> started = CompletableFuture.supplyAsync(work, background);
    running.add(started);
    return started;
  }

  /**
   * Quiets what an earlier chain (a failed one, say) left behind, before the next one starts: its
   * background requests end and the channel calms down.
   */
  void quiet() {
    for (CompletableFuture<?> request : running) {
      try {
        request.get(60, TimeUnit.SECONDS);
      } catch (Exception e) {
        // Its chain is over: whatever it answered was checked there, or no longer matters.
      }
    }
    running.clear();
    calm();
  }

  void stop() {
    quiet();
    background.shutdownNow();
    clock.reset();
    http.resetSandboxClock();
  }
}
