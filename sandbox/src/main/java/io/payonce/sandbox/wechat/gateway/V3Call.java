package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.wechat.WechatMerchant;
import java.util.List;
import java.util.Map;

/**
 * An authenticated APIv3 call, ready for its handler.
 *
 * @param pathValues the URL-decoded values of the path's groups (e.g. the out_trade_no)
 * @param queryValues the URL-decoded query parameters
 */
record V3Call(
    String api,
    WechatMerchant merchant,
    List<String> pathValues,
    Map<String, String> queryValues,
    JsonBody body,
    String baseUrl) {

  /** The query parameter {@code mchid}, which must name the calling merchant. */
  void requireMchidQuery() {
    String mchid = queryValues.get("mchid");
    if (mchid == null || mchid.isBlank()) {
      throw new V3Failure(400, "PARAM_ERROR", "缺少参数 mchid", null);
    }
    if (!mchid.equals(merchant.mchid())) {
      throw new V3Failure(400, "PARAM_ERROR", "mchid 与请求头 Authorization 中的商户号不一致");
    }
  }
}
