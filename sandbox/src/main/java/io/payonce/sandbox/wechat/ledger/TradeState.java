package io.payonce.sandbox.wechat.ledger;

/** WeChat Pay's trade_state values, with the moves between them written in one place. */
public enum TradeState {
  /** Ordered (Native prepay) and not paid. */
  NOTPAY("未支付"),
  /** Payment code: the buyer must still enter the password. */
  USERPAYING("用户支付中（付款码支付）"),
  /** Paid. */
  SUCCESS("支付成功"),
  /** Paid, and a refund has been started (转入退款). */
  REFUND("转入退款"),
  /** Closed unpaid: it can never be paid. */
  CLOSED("已关闭"),
  /** Payment code reversed: closed if unpaid, refunded in full if paid. */
  REVOKED("已撤销（付款码支付）"),
  /** The payment failed (e.g. the bank refused); nothing was charged. */
  PAYERROR("支付失败(其他原因，如银行返回失败)");

  private final String description;

  TradeState(String description) {
    this.description = description;
  }

  /** The trade_state_desc WeChat writes beside it. */
  public String description() {
    return description;
  }

  public boolean canMoveTo(TradeState next) {
    return switch (this) {
      case NOTPAY -> next == SUCCESS || next == CLOSED || next == REVOKED;
      case USERPAYING -> next == SUCCESS || next == REVOKED || next == PAYERROR || next == CLOSED;
      case SUCCESS -> next == REFUND || next == REVOKED;
      case REFUND -> next == REVOKED;
      case PAYERROR -> next == REVOKED;
      case CLOSED, REVOKED -> false;
    };
  }

  /** Whether the buyer was charged (refunds aside). */
  public boolean paid() {
    return this == SUCCESS || this == REFUND;
  }

  /** Whether the order is still waiting for the buyer. */
  public boolean open() {
    return this == NOTPAY || this == USERPAYING;
  }
}
