package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.wechat.ledger.WechatRefused;

/** One APIv2 endpoint. Ledger refusals are thrown as WechatRefused and become FAIL results. */
abstract class V2Method {

  private final String name;
  private final String path;

  /**
   * @param name what chaos scopes and the call log use, e.g. {@code wechat.micropay}
   * @param path the path below {@code /sandbox/wechat}, e.g. {@code /pay/micropay}
   */
  V2Method(String name, String path) {
    this.name = name;
    this.path = path;
  }

  final String name() {
    return name;
  }

  final String path() {
    return path;
  }

  abstract V2Reply handle(V2Call call);

  /** What a refusal answers; reverse adds its recall flag. */
  V2Reply refused(WechatRefused refused) {
    return V2Reply.refused(refused.refusal(), refused.getMessage());
  }
}
