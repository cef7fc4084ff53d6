package io.payonce.sandbox.alipay.ledger;

/** Why the ledger refused an action: Alipay's sub_codes, plus two the wallet alone uses. */
public enum Refusal {
  /** No trade: never created, or only pre-created and not scanned yet. */
  TRADE_NOT_EXIST("ACQ.TRADE_NOT_EXIST", "交易不存在"),
  /** The trade is already paid. */
  TRADE_HAS_SUCCESS("ACQ.TRADE_HAS_SUCCESS", "交易已被支付"),
  /** The trade is closed; use a new out_trade_no. */
  TRADE_HAS_CLOSE("ACQ.TRADE_HAS_CLOSE", "交易已经关闭"),
  /** Same out_trade_no, different key fields. */
  CONTEXT_INCONSISTENT("ACQ.CONTEXT_INCONSISTENT", "交易信息被篡改"),
  /** The action does not fit the trade's state. */
  TRADE_STATUS_ERROR("ACQ.TRADE_STATUS_ERROR", "交易状态不合法"),
  /** Same out_request_no, different refund amount. */
  DISCORDANT_REPEAT_REQUEST("ACQ.DISCORDANT_REPEAT_REQUEST", "不一致的请求"),
  /** The refund would exceed what is still refundable. */
  REFUND_AMT_NOT_EQUAL_TOTAL("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "退款金额超限"),
  /** The merchant's balance cannot cover the refund; nothing was refunded. */
  SELLER_BALANCE_NOT_ENOUGH("ACQ.SELLER_BALANCE_NOT_ENOUGH", "卖家余额不足"),
  /** The trade is finished: no refund or cancel any more. */
  TRADE_HAS_FINISHED("ACQ.TRADE_HAS_FINISHED", "交易已完结"),
  /** Cancel came after the cancel window. */
  TRADE_CANCEL_TIME_OUT("ACQ.TRADE_CANCEL_TIME_OUT", "超过撤销时间范围"),
  /** Another buyer holds the trade. */
  TRADE_BUYER_NOT_MATCH("ACQ.TRADE_BUYER_NOT_MATCH", "交易买家不匹配"),
  /** The barcode is malformed or unknown. */
  PAYMENT_AUTH_CODE_INVALID("ACQ.PAYMENT_AUTH_CODE_INVALID", "支付失败，获取顾客账户信息失败，请顾客刷新付款码后重新收款"),
  /** The buyer's payment was refused. */
  PAYMENT_FAIL("ACQ.PAYMENT_FAIL", "支付失败"),
  /** The buyer cannot afford it. */
  BUYER_BALANCE_NOT_ENOUGH("ACQ.BUYER_BALANCE_NOT_ENOUGH", "买家余额不足"),
  /** A business parameter is missing or malformed. */
  INVALID_PARAMETER("ACQ.INVALID_PARAMETER", "参数无效"),
  /** The seller_id does not belong to the app. */
  PARTNER_ERROR("ACQ.PARTNER_ERROR", "应用APP_ID填写错误"),
  /** Wallet only: the QR code names no pre-order. */
  QR_CODE_UNKNOWN("QR_CODE_UNKNOWN", "二维码不存在"),
  /** Wallet only: the QR code is past its 2 h life, its timeout, or was cancelled. */
  QR_CODE_EXPIRED("QR_CODE_EXPIRED", "二维码已失效");

  private final String subCode;
  private final String subMsg;

  Refusal(String subCode, String subMsg) {
    this.subCode = subCode;
    this.subMsg = subMsg;
  }

  public String subCode() {
    return subCode;
  }

  public String subMsg() {
    return subMsg;
  }
}
