package io.payonce.sandbox.wechat.gateway;

/**
 * One APIv3 request as it arrived.
 *
 * @param path the raw (undecoded) path below the host's context, e.g. {@code
 *     /sandbox/wechat/v3/pay/transactions/native}
 * @param query the raw query string, or null
 * @param baseUrl scheme, host, port and context path, for URLs the sandbox hands out
 */
record V3Request(
    String method, String path, String query, String body, String authorization, String baseUrl) {

  /** The path below {@code /sandbox/wechat}: what a client pointed at the API root signed. */
  String apiPath() {
    return path.startsWith(WechatApiController.BASE)
        ? path.substring(WechatApiController.BASE.length())
        : path;
  }

  String withQuery(String somePath) {
    return query == null ? somePath : somePath + "?" + query;
  }
}
