package io.payonce.sandbox.chaos;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Every fault the sandbox can inject, with its JSON name and the faithful (or, where the channel's
 * behaviour is unconfirmed, the conservative) default. Knobs named for one channel act on it alone;
 * the others act on both. A rate knob (default {@code 0.0}) takes a number from 0 to 1, or {@code
 * true}/{@code false} for 1/0; {@link Chaos#roll} draws it.
 */
public enum ChaosKnob {
  /** Each notify is sent this many times, some of the copies concurrently. */
  NOTIFY_COPIES("notifyCopies", 1),
  /** Extra wait before a notify's first delivery. */
  NOTIFY_DELAY_MS("notifyDelayMs", 0L),
  /**
   * Share of notify attempts recorded as dropped and never sent; a dropped notify is not retried.
   */
  NOTIFY_DROP("notifyDrop", 0.0),
  /** Notifies are held and released in reverse order (two at a time, or after the window). */
  NOTIFY_SHUFFLE("notifyShuffle", false),
  /** How long a shuffled notify waits for a partner before it is sent alone. */
  NOTIFY_SHUFFLE_WINDOW_MS("notifyShuffleWindowMs", 1000L),
  /** Notifies carry a total_amount 1.00 higher than the trade's, correctly signed. */
  TAMPER_AMOUNT("tamperAmount", false),
  /** Notifies carry a signature that does not verify. */
  BAD_SIGNATURE("badSignature", false),
  /** Share of gateway calls answered with an unknown-outcome error instead of being handled. */
  GATEWAY_ERROR_RATE("gatewayErrorRate", 0.0),
  /** Which error: 20000 (isp.unknow-error), 40004 (ACQ.SYSTEM_ERROR) or MIXED. */
  GATEWAY_ERROR_CODE("gatewayErrorCode", "MIXED", "20000", "40004", "MIXED"),
  /**
   * Share of new refunds refused with ACQ.SELLER_BALANCE_NOT_ENOUGH (a definite refusal, nothing
   * refunded); a repeat of a refund already made is still answered as made.
   */
  REFUND_REFUSAL_RATE("refundRefusalRate", 0.0),
  /** Extra wait before every gateway reply. */
  GATEWAY_LATENCY_MS("gatewayLatencyMs", 0L),
  /** Gateway replies carry a signature that does not verify. */
  GATEWAY_BAD_SIGNATURE("gatewayBadSignature", false),
  /**
   * The call takes effect only this long after it arrived, its reply after that: a request still
   * queued at the channel when the caller gave up on it (keep it above the client's read timeout).
   */
  EFFECT_DELAY_MS("effectDelayMs", 0L),
  /** The call takes effect, then the reply stalls for commitThenTimeoutStallMs. */
  COMMIT_THEN_TIMEOUT("commitThenTimeout", false),
  /** How long a commitThenTimeout reply stalls; keep it above the client's read timeout. */
  COMMIT_THEN_TIMEOUT_STALL_MS("commitThenTimeoutStallMs", 20_000L),
  /** Precreate creates the trade at once, as if the buyer had already scanned. */
  PRECREATE_CREATES_TRADE("precreateCreatesTrade", false),
  /** [UNC] Repeated precreate with another amount before any scan. */
  PRECREATE_DIFFERENT_AMOUNT_BEFORE_SCAN(
      "precreateDifferentAmountBeforeScan", "ACCEPT", "ACCEPT", "CONTEXT_INCONSISTENT"),
  /** [UNC] Repeated identical precreate after the scan, trade unpaid. */
  PRECREATE_SAME_AFTER_SCAN("precreateSameAfterScan", "ACCEPT", "ACCEPT", "CONTEXT_INCONSISTENT"),
  /** [UNC] Whether the relative timeout_express counts from precreate or from the scan. */
  TIMEOUT_EXPRESS_FROM("timeoutExpressFrom", "PRECREATE", "PRECREATE", "SCAN"),
  /** [UNC] Closing an already closed trade. */
  CLOSE_ALREADY_CLOSED("closeAlreadyClosed", "TRADE_STATUS_ERROR", "TRADE_STATUS_ERROR", "SUCCESS"),
  /** [UNC] How long after payment alipay.trade.cancel may still refund. */
  CANCEL_WINDOW_SECONDS("cancelWindowSeconds", 86_400L),
  /**
   * [UNC] A cancel repeated past the cancel window, its first having refunded the trade: answered
   * as the first was (ANSWER), or refused as out of time (REFUSE).
   */
  CANCEL_REPEAT_AFTER_WINDOW("cancelRepeatAfterWindow", "ANSWER", "ANSWER", "REFUSE"),
  /** [UNC] What a day without trades gives: isp.bill_not_exist or a file with no rows. */
  BILL_EMPTY_DAY("billEmptyDay", "NOT_EXIST", "NOT_EXIST", "EMPTY_FILE"),
  /** WeChat: each notify attempt is delivered a second time, on another connection, later. */
  NOTIFY_TWICE("notifyTwice", false),
  /** WeChat: how long after the first the second notifyTwice delivery starts. */
  NOTIFY_TWICE_GAP_MS("notifyTwiceGapMs", 1000L),
  /**
   * WeChat: before a notify, a probe with a {@code WECHATPAY/SIGNTEST/} signature that does not
   * verify and that the merchant must reject.
   */
  NOTIFY_SIGNATURE_PROBE("notifySignatureProbe", false),
  /** WeChat: the buyer may still pay after the order's time_expire, as WeChat has been seen to. */
  PAYABLE_AFTER_TIME_EXPIRE("payableAfterTimeExpire", false),
  /** WeChat: which error gatewayErrorRate answers: 500 SYSTEM_ERROR, 429 FREQUENCY_LIMITED. */
  WECHAT_ERROR_CODE(
      "wechatErrorCode", "SYSTEM_ERROR", "SYSTEM_ERROR", "FREQUENCY_LIMITED", "MIXED"),
  /** WeChat [UNC]: the HTTP status of ORDERPAID (documented tables disagree: 403 or 400). */
  ORDER_PAID_STATUS("orderPaidStatus", "403", "403", "400"),
  /** WeChat [UNC]: a repeated prepay with other parameters. */
  PREPAY_DIFFERENT_PARAMS(
      "prepayDifferentParams", "OUT_TRADE_NO_USED", "OUT_TRADE_NO_USED", "INVALID_REQUEST"),
  /** WeChat [UNC]: closing an order already closed (or failed, or reversed). */
  WECHAT_CLOSE_CLOSED("wechatCloseClosed", "NO_CONTENT", "NO_CONTENT", "ORDER_CLOSED"),
  /** WeChat [UNC]: closing an out_trade_no that names no order. */
  WECHAT_CLOSE_UNKNOWN("wechatCloseUnknown", "NO_CONTENT", "NO_CONTENT", "ORDER_NOT_EXIST"),
  /**
   * WeChat: every close is refused with this error and closes nothing (NONE: closes as usual), as
   * WeChat answers PARAM_ERROR or ORDER_NOT_EXIST for an order it has just made.
   */
  WECHAT_CLOSE_REFUSAL("wechatCloseRefusal", "NONE", "NONE", "PARAM_ERROR", "ORDER_NOT_EXIST"),
  /** WeChat [UNC]: reverse while the payment-code buyer is still entering the password. */
  REVERSE_WHILE_USERPAYING("reverseWhileUserpaying", "USERPAYING", "USERPAYING", "REVERSE"),
  /** WeChat [UNC]: the trade_state of a paid payment-code order once reversed (refunded). */
  REVERSED_PAID_STATE("reversedPaidState", "REVOKED", "REVOKED", "REFUND"),
  /** WeChat: how long after it was placed a payment-code order may be reversed (7 days). */
  REVERSE_WINDOW_SECONDS("reverseWindowSeconds", 604_800L),
  /**
   * WeChat [UNC]: a reverse repeated past the window, its first having reversed the order: answered
   * as the first was (ANSWER), or refused REVERSE_EXPIRE (REFUSE).
   */
  REVERSE_REPEAT_AFTER_WINDOW("reverseRepeatAfterWindow", "ANSWER", "ANSWER", "REFUSE"),
  /** WeChat: the status a refund settles to (and its notify: REFUND.SUCCESS/ABNORMAL/CLOSED). */
  REFUND_OUTCOME("refundOutcome", "SUCCESS", "SUCCESS", "ABNORMAL", "CLOSED"),
  /** WeChat: the trade bill answers 400 STATEMENT_CREATING (not ready yet, T+1 before 10:00). */
  BILL_STATEMENT_CREATING("billStatementCreating", false),
  /** WeChat: the trade bill starts with a UTF-8 byte order mark. */
  BILL_BOM("billBom", false);

  private final String jsonName;
  private final Object defaultValue;
  private final Set<String> allowed;

  ChaosKnob(String jsonName, Object defaultValue, String... allowed) {
    this.jsonName = jsonName;
    this.defaultValue = defaultValue;
    this.allowed = Set.of(allowed);
  }

  public String jsonName() {
    return jsonName;
  }

  public Object defaultValue() {
    return defaultValue;
  }

  public static Optional<ChaosKnob> byJsonName(String name) {
    return Arrays.stream(values()).filter(k -> k.jsonName.equals(name)).findFirst();
  }

  /** The value of this knob in a request, or IllegalArgumentException saying what is expected. */
  Object parse(JsonNode node) {
    if (defaultValue instanceof Boolean && node.isBoolean()) {
      return node.booleanValue();
    }
    if (defaultValue instanceof Integer && node.canConvertToInt() && node.isIntegralNumber()) {
      return atLeastZero(node.intValue());
    }
    if (defaultValue instanceof Long && node.isIntegralNumber() && node.canConvertToLong()) {
      return atLeastZero(node.longValue());
    }
    if (defaultValue instanceof Double && node.isBoolean()) {
      return node.booleanValue() ? 1.0 : 0.0;
    }
    if (defaultValue instanceof Double && node.isNumber()) {
      double rate = node.doubleValue();
      if (rate >= 0 && rate <= 1) {
        return rate;
      }
    }
    if (defaultValue instanceof String && node.isString() && allowed.contains(node.stringValue())) {
      return node.stringValue();
    }
    throw new IllegalArgumentException(jsonName + " must be " + expected());
  }

  private String expected() {
    if (defaultValue instanceof Boolean) {
      return "true or false";
    }
    if (defaultValue instanceof Double) {
      return "a number between 0 and 1, or true (1) or false (0)";
    }
    if (defaultValue instanceof String) {
      return "one of " + allowed;
    }
    return "a non-negative integer";
  }

  private <N extends Number> N atLeastZero(N value) {
    if (value.longValue() < 0) {
      throw new IllegalArgumentException(jsonName + " must be " + expected());
    }
    return value;
  }
}
