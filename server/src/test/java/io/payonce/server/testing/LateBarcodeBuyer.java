package io.payonce.server.testing;

import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceHttp.Answer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * A barcode buyer who confirms just after the POS's last poll, so that the cancel meant for an
 * unpaid trade finds it paid. The timing is made, not hoped for: the sandbox holds the poll's
 * answer back ({@code gatewayLatencyMs} on the channel's query, {@code alipay.trade.query} or
 * {@code wechat.query}, applied after the query was answered), the test sees the poll in the
 * sandbox's call log, moves the server's clock past the polling deadline and has the buyer confirm
 * — all before the held answer arrives. {@link #LateBarcodeBuyer(PayOnceHttp, MutableClock)} pays
 * an Alipay barcode, {@link #wechat} a WeChat Pay payment code.
 */
public final class LateBarcodeBuyer {

  /** The sandbox's Alipay code of a buyer who never confirms by themselves. */
  public static final String NEVER_CONFIRMS = "280000000000000003";

  /** The sandbox's WeChat Pay payment code of a buyer who never enters the password. */
  public static final String WECHAT_NEVER_CONFIRMS = "130000000000000003";

  /** Below the SDK's read timeout of the test profile (3 s). */
  public static final Duration HELD = Duration.ofMillis(2_200);

  private final PayOnceHttp http;
  private final MutableClock clock;
  private final String queryMethod;
  private final BiFunction<String, String, List<JsonNode>> calls;
  private final Function<String, Answer> till;
  private final Function<String, Answer> confirm;

  /** A buyer paying an Alipay barcode. */
  public LateBarcodeBuyer(PayOnceHttp http, MutableClock clock) {
    this(
        http,
        clock,
        "alipay.trade.query",
        http::calls,
        orderNo -> http.barcode(orderNo, NEVER_CONFIRMS),
        http::walletConfirm);
  }

  private LateBarcodeBuyer(
      PayOnceHttp http,
      MutableClock clock,
      String queryMethod,
      BiFunction<String, String, List<JsonNode>> calls,
      Function<String, Answer> till,
      Function<String, Answer> confirm) {
    this.http = http;
    this.clock = clock;
    this.queryMethod = queryMethod;
    this.calls = calls;
    this.till = till;
    this.confirm = confirm;
  }

  /** A buyer paying a WeChat Pay payment code (APIv2 micropay, polled with the order query). */
  public static LateBarcodeBuyer wechat(PayOnceHttp http, MutableClock clock) {
    return new LateBarcodeBuyer(
        http,
        clock,
        "wechat.query",
        http::wechatCalls,
        orderNo ->
            http.post(
                http.serverBase() + "/pay/wechat/barcode",
                Map.of(
                    "orderNo",
                    orderNo,
                    "authCode",
                    WECHAT_NEVER_CONFIRMS,
                    "requestId",
                    "wxbc-" + orderNo),
                Map.of()),
        outTradeNo ->
            http.post(
                http.sandboxBase() + "/sandbox/wallet/pay",
                Map.of("outTradeNo", outTradeNo),
                Map.of()));
  }

  /**
   * Charges the order's barcode, confirms just after the last poll and returns the POS's answer.
   *
   * @param awaitPaidFirst wait until the buyer's notify recorded the payment before the held poll
   *     answer arrives
   */
  public Answer pay(String orderNo, boolean awaitPaidFirst) {
    http.chaos(Map.of("method", queryMethod, "gatewayLatencyMs", HELD.toMillis()));
    CompletableFuture<Answer> pos = CompletableFuture.supplyAsync(() -> till.apply(orderNo));
    String outTradeNo = paymentOf(orderNo);
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> !calls.apply(outTradeNo, queryMethod).isEmpty());
    clock.advance(Duration.ofMinutes(1));
    Answer confirmed = confirm.apply(outTradeNo);
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
