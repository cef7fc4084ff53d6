package io.payonce.server.payment;

import io.payonce.server.testing.PayOnceHttp.Answer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * The state of one action chain: the running system, and the model of what the chain has made — its
 * orders with every code and number the server gave out, its refund numbers and idempotency keys
 * with the answers they must replay, the barcode payment running in the background — plus a trace
 * of every step and its outcome, printed when an invariant breaks.
 */
final class AtMostOnceWorld {

  /** Orders one chain may create: enough for cross-talk, few enough to check after every step. */
  static final int MAX_ORDERS = 3;

  /** How long the server keeps keys, with room to spare: an older key may rightly run again. */
  static final Duration KEY_LIFE = Duration.ofHours(23);

  final AtMostOnceSystem system;
  final List<ModelOrder> orders = new ArrayList<>();
  final Map<String, KeyedRequest> keys = new LinkedHashMap<>();
  final List<String> trace = new ArrayList<>();
  RunningBarcode barcode;
  private int counter;
  private int steps;

  AtMostOnceWorld(AtMostOnceSystem system) {
    this.system = system;
  }

  /** An order as the chain knows it. */
  static final class ModelOrder {
    final int index;
    final String orderNo;
    final long amountMinor;

    /** Every QR code the server answered for this order, oldest first. */
    final List<Code> codes = new ArrayList<>();

    /** Every App order string the server answered for this order, oldest first. */
    final List<String> orderStrings = new ArrayList<>();

    /**
     * Every hand-off of {@link AtMostOnceHandoffActions} (pages, bridges, App parameters) the
     * server answered, oldest first.
     */
    final List<Handoff> handoffs = new ArrayList<>();

    /** The products (channel and kind of hand-off) this order was handed out through. */
    final Set<String> products = new LinkedHashSet<>();

    /** Every out_trade_no the server gave out for this order. */
    final Set<String> outTradeNos = new LinkedHashSet<>();

    /** Refund numbers used, with the amount first asked under each. */
    final Map<String, Long> refundNumbers = new LinkedHashMap<>();

    /** A merchant's close answered 200: from then on nothing of this order may be payable. */
    boolean closedByMerchant;

    ModelOrder(int index, String orderNo, long amountMinor) {
      this.index = index;
      this.orderNo = orderNo;
      this.amountMinor = amountMinor;
    }

    /**
     * Whether the order was handed out through two products (an Alipay and a WeChat Pay QR code, a
     * code and an order string, two WeChat hand-offs, one buyer's and another's): a switch.
     */
    boolean switchedProducts() {
      return products.size() > 1;
    }

    void sawCode(String outTradeNo, String qrCode) {
      if (outTradeNo != null) {
        outTradeNos.add(outTradeNo);
      }
      if (qrCode != null && !qrCode.isEmpty()) {
        products.add(qrCode.startsWith("weixin://") ? "wechat QR" : "alipay QR");
      }
      if (qrCode != null && codes.stream().noneMatch(c -> c.qrCode().equals(qrCode))) {
        codes.add(new Code(outTradeNo, qrCode));
      }
    }

    @Override
    public String toString() {
      return "#" + index + " " + orderNo + " (" + yuan(amountMinor) + ")";
    }
  }

  record Code(String outTradeNo, String qrCode) {}

  /**
   * A hand-off the buyer's side was given: {@code product} ({@code channel verb}), the payment's
   * number, what the buyer pays with (a page's URL, bridge parameters, PayReq fields), and the
   * buyer (openid) a bridge payment names.
   */
  record Handoff(String product, String outTradeNo, JsonNode payable, String openid) {}

  /** A request sent with an idempotency key, and the answer a replay must repeat, once stored. */
  static final class KeyedRequest {
    final String path;
    final String key;
    Map<String, Object> body;
    final boolean keyInHeader;
    final Instant firstSentAt;
    Answer stored;

    KeyedRequest(
        String path, String key, Map<String, Object> body, boolean keyInHeader, Instant at) {
      this.path = path;
      this.key = key;
      this.body = body;
      this.keyInHeader = keyInHeader;
      this.firstSentAt = at;
    }

    Map<String, String> headers() {
      return keyInHeader ? Map.of("Idempotency-Key", key) : Map.of();
    }
  }

  /** A barcode payment whose request is still running (it waits for the buyer's password). */
  static final class RunningBarcode {
    final ModelOrder order;
    final String requestId;
    final CompletableFuture<Answer> answer;
    boolean confirmed;
    boolean answerChecked;

    RunningBarcode(ModelOrder order, String requestId, CompletableFuture<Answer> answer) {
      this.order = order;
      this.requestId = requestId;
      this.answer = answer;
    }
  }

  ModelOrder order(int index) {
    return orders.get(index);
  }

  boolean hasOrders() {
    return !orders.isEmpty();
  }

  boolean barcodeRunning() {
    return barcode != null && !barcode.answer.isDone();
  }

  /** A number unique within the JVM run, for keys and refund numbers. */
  String next(String prefix) {
    counter++;
    return prefix + Long.toString(System.nanoTime(), 36) + counter;
  }

  int nextStep() {
    return ++steps;
  }

  void note(String line) {
    trace.add(line);
  }

  /** Waits for the barcode request started last, if any, and checks its answer once. */
  Answer finishBarcode() {
    if (barcode == null) {
      return null;
    }
    Answer answer;
    try {
      answer = barcode.answer.get(60, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError("the barcode request of " + barcode.order + " did not end", e);
    }
    if (!barcode.answerChecked) {
      barcode.answerChecked = true;
      AtMostOnceBarcodeActions.answered(this, barcode.order, barcode.requestId, answer);
    }
    return answer;
  }

  /** Remembers a keyed request before sending it; returns the model's record of the key. */
  KeyedRequest keyed(String path, String key, Map<String, Object> body, boolean inHeader) {
    return keys.computeIfAbsent(key, k -> new KeyedRequest(path, k, body, inHeader, system.now()));
  }

  /**
   * Whether the server stores this answer under its key: only final answers are (no 5xx, no 202, no
   * Retry-After); the first of them is what every later replay must repeat byte for byte.
   */
  static boolean isFinal(Answer answer) {
    return answer.status() < 500
        && answer.status() != 202
        && answer.header("Retry-After") == null
        && !answer.body().isEmpty();
  }

  /** Minor units as the API writes amounts: {@code 1234} is {@code "12.34"}. */
  static String yuan(long minor) {
    return java.math.BigDecimal.valueOf(minor, 2).toPlainString();
  }

  @Override
  public String toString() {
    return "world of " + orders + " after " + steps + " steps";
  }
}
