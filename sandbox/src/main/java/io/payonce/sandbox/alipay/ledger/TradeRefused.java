package io.payonce.sandbox.alipay.ledger;

/** The ledger said no; nothing changed. Carries no stack trace: it is an answer, not a bug. */
public class TradeRefused extends RuntimeException {

  private final Refusal refusal;

  public TradeRefused(Refusal refusal) {
    this(refusal, refusal.subMsg());
  }

  public TradeRefused(Refusal refusal, String detail) {
    super(detail, null, false, false);
    this.refusal = refusal;
  }

  public Refusal refusal() {
    return refusal;
  }
}
