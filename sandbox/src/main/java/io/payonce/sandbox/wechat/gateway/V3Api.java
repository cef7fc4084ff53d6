package io.payonce.sandbox.wechat.gateway;

import java.util.regex.Pattern;

/**
 * One APIv3 endpoint. Ledger refusals are thrown as WechatRefused and become error replies.
 * Endpoints that answer the same call (a query by either number) share one name.
 */
abstract class V3Api {

  private final String name;
  private final String httpMethod;
  private final Pattern path;

  /**
   * @param name what chaos scopes and the call log use, e.g. {@code wechat.native.prepay}
   * @param httpMethod GET or POST
   * @param path the path below {@code /sandbox/wechat}, its groups the path parameters
   */
  V3Api(String name, String httpMethod, String path) {
    this.name = name;
    this.httpMethod = httpMethod;
    this.path = Pattern.compile(path);
  }

  final String name() {
    return name;
  }

  final String httpMethod() {
    return httpMethod;
  }

  final Pattern path() {
    return path;
  }

  abstract V3Reply handle(V3Call call);

  /** The out_trade_no the call is about, for chaos scopes and the call log (null if none). */
  String outTradeNo(V3Call call) {
    return call.body() == null ? null : call.body().text("out_trade_no");
  }
}
