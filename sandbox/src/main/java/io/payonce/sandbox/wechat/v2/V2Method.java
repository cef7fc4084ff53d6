package io.payonce.sandbox.wechat.v2;

/** One APIv2 endpoint. Ledger refusals are thrown as WechatRefused and become FAIL results. */
interface V2Method {

  /** The name chaos scopes and the call log use, e.g. {@code wechat.micropay}. */
  String name();

  /** The path below {@code /sandbox/wechat}, e.g. {@code /pay/micropay}. */
  String path();

  V2Reply handle(V2Call call);

  /** What a refusal answers; reverse adds its recall flag. */
  default V2Reply refused(io.payonce.sandbox.wechat.ledger.WechatRefused refused) {
    return V2Reply.refused(refused.refusal(), refused.getMessage());
  }
}
