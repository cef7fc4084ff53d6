package io.payonce.sandbox.wechat.ledger;

/** The ledger said no; nothing changed. Carries no stack trace: it is an answer, not a bug. */
public class WechatRefused extends RuntimeException {

  private final Refusal refusal;

  public WechatRefused(Refusal refusal) {
    this(refusal, refusal.message());
  }

  public WechatRefused(Refusal refusal, String detail) {
    super(detail, null, false, false);
    this.refusal = refusal;
  }

  public Refusal refusal() {
    return refusal;
  }
}
