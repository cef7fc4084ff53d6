package io.payonce.server.channel.wechat;

import io.payonce.server.channel.Refusal;

/** WeChat Pay's error codes in neutral words; the code itself is kept beside for people. */
final class WechatRefusals {

  private WechatRefusals() {}

  /**
   * Whether an error answer leaves the effect unknown: 5xx (SYSTEM_ERROR, BIZ_ERR_NEED_RETRY: "call
   * again with the same parameters"), 429 FREQUENCY_LIMITED, and a signature error on our own
   * request (nothing was done, but it is no business refusal either).
   */
  static boolean unknown(int httpStatus, String code) {
    return httpStatus >= 500
        || httpStatus == 429
        || "SYSTEM_ERROR".equals(code)
        || "BIZ_ERR_NEED_RETRY".equals(code)
        || "FREQUENCY_LIMITED".equals(code)
        || "SIGN_ERROR".equals(code);
  }

  static Refusal of(String code) {
    if (code == null) {
      return Refusal.OTHER;
    }
    return switch (code) {
      case "ORDERPAID", "ORDER_PAID" -> Refusal.TRADE_PAID;
      case "ORDER_CLOSED", "ORDERCLOSED" -> Refusal.TRADE_CLOSED;
      case "ORDER_NOT_EXIST", "ORDERNOTEXIST", "RESOURCE_NOT_EXISTS" -> Refusal.TRADE_NOT_FOUND;
      case "OUT_TRADE_NO_USED" -> Refusal.TERMS_CONFLICT;
      case "NOT_ENOUGH" -> Refusal.MERCHANT_BALANCE_INSUFFICIENT;
      case "USERPAYING", "TRADE_ERROR" -> Refusal.TRADE_STATE_CONFLICT;
      default -> Refusal.OTHER;
    };
  }
}
