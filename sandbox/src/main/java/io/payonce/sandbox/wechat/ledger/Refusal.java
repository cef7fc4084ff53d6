package io.payonce.sandbox.wechat.ledger;

/**
 * Why the ledger (or a payment-code buyer) said no, in WeChat Pay's words: the APIv3 HTTP status
 * and code, and the APIv2 err_code.
 */
public enum Refusal {
  /** No such order (APIv3 query, close; APIv2 orderquery, reverse). */
  ORDER_NOT_EXIST(404, "ORDER_NOT_EXIST", "ORDERNOTEXIST", "订单不存在"),
  /** The order is paid (the HTTP status is a chaos knob, see orderPaidStatus). */
  ORDER_PAID(403, "ORDERPAID", "ORDERPAID", "订单已支付"),
  /** The order is closed (or failed): it can never be paid. */
  ORDER_CLOSED(400, "ORDER_CLOSED", "ORDERCLOSED", "订单已关闭"),
  /** The payment-code order was reversed. */
  ORDER_REVERSED(400, "ORDER_CLOSED", "ORDERREVERSED", "订单已撤销"),
  /** Same out_trade_no, other parameters (or another trade type). */
  OUT_TRADE_NO_USED(403, "OUT_TRADE_NO_USED", "OUT_TRADE_NO_USED", "商户订单号重复"),
  /** A request that contradicts what exists (same number, other data; nothing left to refund). */
  INVALID_REQUEST(400, "INVALID_REQUEST", "INVALID_REQUEST", "无效请求"),
  /** A parameter is missing or malformed. */
  PARAM_ERROR(400, "PARAM_ERROR", "PARAM_ERROR", "参数错误"),
  /** Refund APIs: the order (paid) or the refund does not exist. */
  RESOURCE_NOT_EXISTS(404, "RESOURCE_NOT_EXISTS", "ORDERNOTEXIST", "资源不存在"),
  /** Refunds: the merchant's balance cannot cover it. */
  NOT_ENOUGH(403, "NOT_ENOUGH", "NOTENOUGH", "基本账户余额不足，请充值后重新发起"),
  /** Payment code: the buyer's balance cannot cover it. */
  BUYER_NOT_ENOUGH(403, "NOT_ENOUGH", "NOTENOUGH", "用户余额不足"),
  /** Payment code: malformed (18 digits starting 10-15). */
  AUTH_CODE_INVALID(
      400, "PARAM_ERROR", "AUTH_CODE_INVALID", "请扫描微信支付授权码(以10/11/12/13/14/15为前缀的18位数字)"),
  /** Payment code: expired, the buyer must refresh it. */
  AUTHCODEEXPIRE(400, "INVALID_REQUEST", "AUTHCODEEXPIRE", "二维码已过期，请用户在微信上刷新后再试"),
  /** Payment code: refused for business reasons (risk, no usable payment method). */
  TRADE_ERROR(403, "TRADE_ERROR", "TRADE_ERROR", "交易错误"),
  /** Reverse of an order whose buyer is still entering the password. */
  REVERSE_WHILE_USERPAYING(400, "USERPAYING", "USERPAYING", "正在支付中不能发起撤销"),
  /** Reverse of an order placed more than the reverse window (7 days) ago; the code is [UNC]. */
  REVERSE_EXPIRE(400, "REVERSE_EXPIRE", "REVERSE_EXPIRE", "订单已超过可撤销期限，请使用退款"),
  /** Reverse of an order that is not a payment-code order. [UNC] */
  NOT_A_PAYMENT_CODE_ORDER(400, "INVALID_REQUEST", "TRADE_ERROR", "非付款码订单不能撤销"),
  /** Close of a payment-code order whose buyer is still entering the password. [UNC] */
  CLOSE_WHILE_USERPAYING(400, "INVALID_REQUEST", "USERPAYING", "用户支付中，请调用撤销订单"),
  /** Wallet only: the code_url names no order. */
  CODE_URL_UNKNOWN(404, "CODE_URL_UNKNOWN", "CODE_URL_UNKNOWN", "二维码不存在"),
  /** Wallet only: the code_url is past its 2 h life. */
  CODE_URL_EXPIRED(410, "CODE_URL_EXPIRED", "CODE_URL_EXPIRED", "二维码已过期"),
  /** Wallet only: the order's time_expire has passed. */
  TIME_EXPIRED(410, "TIME_EXPIRED", "TIME_EXPIRED", "订单已过支付截止时间"),
  /** JS bridge only: the package names no prepay_id. */
  PREPAY_ID_UNKNOWN(404, "PREPAY_ID_UNKNOWN", "PREPAY_ID_UNKNOWN", "prepay_id 不存在"),
  /** JS bridge only: the prepay_id is past its 2 h life. */
  PREPAY_ID_EXPIRED(410, "PREPAY_ID_EXPIRED", "PREPAY_ID_EXPIRED", "prepay_id 已过期"),
  /** JS bridge only: the buyer paying is not the payer the order was placed for. */
  PAYER_MISMATCH(403, "PAYER_MISMATCH", "PAYER_MISMATCH", "支付用户与下单用户不一致"),
  /** Wallet only: nothing waits for this buyer's confirmation. */
  NOTHING_TO_CONFIRM(404, "NOTHING_TO_CONFIRM", "NOTHING_TO_CONFIRM", "没有等待确认的付款码订单");

  private final int httpStatus;
  private final String code;
  private final String v2Code;
  private final String message;

  Refusal(int httpStatus, String code, String v2Code, String message) {
    this.httpStatus = httpStatus;
    this.code = code;
    this.v2Code = v2Code;
    this.message = message;
  }

  public int httpStatus() {
    return httpStatus;
  }

  /** The APIv3 error code ({@code {"code": ...}}). */
  public String code() {
    return code;
  }

  /** The APIv2 err_code. */
  public String v2Code() {
    return v2Code;
  }

  public String message() {
    return message;
  }
}
