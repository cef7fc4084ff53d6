package io.payonce.sandbox.chaos;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Every fault the sandbox can inject, with its JSON name and the faithful (or, where Alipay's
 * behaviour is unconfirmed, the conservative) default.
 */
public enum ChaosKnob {
  /** Each notify is sent this many times, some of the copies concurrently. */
  NOTIFY_COPIES("notifyCopies", 1),
  /** Extra wait before a notify's first delivery. */
  NOTIFY_DELAY_MS("notifyDelayMs", 0L),
  /** Notifies are recorded as dropped and never sent. */
  NOTIFY_DROP("notifyDrop", false),
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
  /** [UNC] What a day without trades gives: isp.bill_not_exist or a file with no rows. */
  BILL_EMPTY_DAY("billEmptyDay", "NOT_EXIST", "NOT_EXIST", "EMPTY_FILE");

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
      return "a number between 0 and 1";
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
