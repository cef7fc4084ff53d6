package io.payonce.sandbox.wechat.gateway;

import java.util.regex.Pattern;

/** One APIv3 endpoint. Ledger refusals are thrown as WechatRefused and become error replies. */
interface V3Api {

  /** The name chaos scopes and the call log use, e.g. {@code wechat.native.prepay}. */
  String name();

  /** GET or POST. */
  String httpMethod();

  /** The path below {@code /sandbox/wechat}, its groups the path parameters. */
  Pattern path();

  V3Reply handle(V3Call call);

  /** The out_trade_no the call is about, for chaos scopes and the call log (null if none). */
  default String outTradeNo(V3Call call) {
    return call.body() == null ? null : call.body().text("out_trade_no");
  }
}
