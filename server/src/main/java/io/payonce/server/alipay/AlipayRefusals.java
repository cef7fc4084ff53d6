package io.payonce.server.alipay;

import io.payonce.server.channel.Refusal;
import java.util.Map;

/** Alipay's business refusal codes ({@code sub_code}) in the domain's neutral terms. */
final class AlipayRefusals {

  private static final Map<String, Refusal> BY_SUB_CODE =
      Map.ofEntries(
          Map.entry("ACQ.TRADE_HAS_SUCCESS", Refusal.TRADE_PAID),
          Map.entry("ACQ.TRADE_HAS_CLOSE", Refusal.TRADE_CLOSED),
          Map.entry("ACQ.TRADE_HAS_FINISHED", Refusal.TRADE_FINISHED),
          Map.entry("ACQ.TRADE_NOT_EXIST", Refusal.TRADE_NOT_FOUND),
          Map.entry("ACQ.TRADE_STATUS_ERROR", Refusal.TRADE_STATE_CONFLICT),
          Map.entry("ACQ.REASON_TRADE_STATUS_INVALID", Refusal.TRADE_STATE_CONFLICT),
          Map.entry("ACQ.REASON_ILLEGAL_STATUS", Refusal.TRADE_STATE_CONFLICT),
          Map.entry("ACQ.CONTEXT_INCONSISTENT", Refusal.TERMS_CONFLICT),
          Map.entry("ACQ.DISCORDANT_REPEAT_REQUEST", Refusal.TERMS_CONFLICT),
          Map.entry("ACQ.TRADE_CANCEL_TIME_OUT", Refusal.REVERSAL_WINDOW_PASSED),
          Map.entry("ACQ.PAYMENT_AUTH_CODE_INVALID", Refusal.BUYER_CODE_INVALID),
          Map.entry("ACQ.BUYER_BALANCE_NOT_ENOUGH", Refusal.BUYER_BALANCE_INSUFFICIENT),
          Map.entry("ACQ.BUYER_BANKCARD_BALANCE_NOT_ENOUGH", Refusal.BUYER_BALANCE_INSUFFICIENT),
          Map.entry("ACQ.SELLER_BALANCE_NOT_ENOUGH", Refusal.MERCHANT_BALANCE_INSUFFICIENT),
          Map.entry("ACQ.PAYMENT_FAIL", Refusal.PAYMENT_DECLINED),
          Map.entry("ACQ.PAYMENT_REQUEST_HAS_RISK", Refusal.PAYMENT_DECLINED),
          Map.entry("ACQ.TRADE_BUYER_NOT_MATCH", Refusal.PAYMENT_DECLINED),
          Map.entry(AlipayChannel.BILL_NOT_EXIST, Refusal.BILL_NOT_FOUND));

  private AlipayRefusals() {}

  static Refusal of(String subCode) {
    return subCode == null ? Refusal.OTHER : BY_SUB_CODE.getOrDefault(subCode, Refusal.OTHER);
  }
}
