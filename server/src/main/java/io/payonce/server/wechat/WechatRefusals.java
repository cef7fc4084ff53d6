package io.payonce.server.wechat;

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

  /**
   * APIv2 err_codes that leave the effect unknown: SYSTEMERROR and BANKERROR ("query at once"),
   * USERPAYING on a reverse (reverse again later). A payment's USERPAYING is read by the caller.
   */
  static boolean unknownV2(String code) {
    return "SYSTEMERROR".equals(code) || "BANKERROR".equals(code) || "USERPAYING".equals(code);
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
      // APIv2 (payment code): the buyer's code and balance, and declines.
      case "AUTHCODEEXPIRE", "AUTH_CODE_INVALID", "AUTH_CODE_ERROR" -> Refusal.BUYER_CODE_INVALID;
      case "NOTENOUGH" -> Refusal.BUYER_BALANCE_INSUFFICIENT;
      case "TRADE_ERROR", "NOTSUPORTCARD", "BUYER_MISMATCH" -> Refusal.PAYMENT_DECLINED;
      case "ORDERREVERSED" -> Refusal.TRADE_CLOSED;
      case "INVALID_REQUEST" -> Refusal.TERMS_CONFLICT;
      default -> Refusal.OTHER;
    };
  }
}
