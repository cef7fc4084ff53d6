package io.payonce.server.testing;

import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceHttp.Answer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A barcode buyer who confirms just after the POS's last poll, so that the cancel meant for an
 * unpaid trade finds it paid. The timing is made, not hoped for: the sandbox holds the poll's
 * answer back ({@code gatewayLatencyMs} on {@code alipay.trade.query}, applied after the query was
 * answered), the test sees the poll in the sandbox's call log, moves the server's clock past the
 * polling deadline and has the buyer confirm — all before the held answer arrives.
 */
public final class LateBarcodeBuyer {

  /** The sandbox's code of a buyer who never confirms by themselves. */
  public static final String NEVER_CONFIRMS = "280000000000000003";

  /** Below the SDK's read timeout of the test profile (3 s). */
  public static final Duration HELD = Duration.ofMillis(2_200);

  private final PayOnceHttp http;
  private final MutableClock clock;

  public LateBarcodeBuyer(PayOnceHttp http, MutableClock clock) {
    this.http = http;
    this.clock = clock;
  }

  /**
   * Charges the order's barcode, confirms just after the last poll and returns the POS's answer.
   *
   * @param awaitPaidFirst wait until the buyer's notify recorded the payment before the held poll
   *     answer arrives
   */
  public Answer pay(String orderNo, boolean awaitPaidFirst) {
    http.chaos(Map.of("method", "alipay.trade.query", "gatewayLatencyMs", HELD.toMillis()));
    CompletableFuture<Answer> pos =
        CompletableFuture.supplyAsync(() -> http.barcode(orderNo, NEVER_CONFIRMS));
    String outTradeNo = paymentOf(orderNo);
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> !http.calls(outTradeNo, "alipay.trade.query").isEmpty());
    clock.advance(Duration.ofMinutes(1));
    Answer confirmed = http.walletConfirm(outTradeNo);
    if (confirmed.status() != 200) {
      throw new IllegalStateException("the buyer could not confirm: " + confirmed.body());
    }
    if (awaitPaidFirst) {
      await()
          .atMost(HELD)
          .pollInterval(Duration.ofMillis(20))
          .until(() -> "PAID".equals(http.orderStatus(orderNo)));
    }
    return pos.orTimeout(60, TimeUnit.SECONDS).join();
  }

  /** The out_trade_no of the order's first payment, once it exists. */
  public String paymentOf(String orderNo) {
    return await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> http.payments(orderNo), list -> !list.isEmpty())
        .get(0)
        .path("outTradeNo")
        .asString();
  }
}
