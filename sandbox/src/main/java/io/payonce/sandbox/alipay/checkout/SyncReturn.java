package io.payonce.sandbox.alipay.checkout;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayPlatformKey;
import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The synchronous return after a cashier-page payment: the buyer's browser is sent to the
 * merchant's return_url with these signed parameters (method {@code alipay.trade.page.pay.return}
 * or {@code alipay.trade.wap.pay.return}). It proves nothing to the merchant's server on its own —
 * only the notify or a query do — but it is signed like a notify (RSA2 over every parameter but
 * sign and sign_type, sorted), so that a merchant can check it.
 */
final class SyncReturn {

  private SyncReturn() {}

  static Map<String, String> params(AlipayOrder order, Instant now, AlipayPlatformKey key) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("charset", "utf-8");
    params.put("out_trade_no", order.outTradeNo());
    params.put("method", order.checkout().method() + ".return");
    params.put("total_amount", AlipayIds.money(order.terms().totalAmount()));
    params.put("trade_no", order.trade().tradeNo());
    params.put("auth_app_id", order.appId());
    params.put("version", "1.0");
    params.put("app_id", order.appId());
    params.put("sign_type", "RSA2");
    params.put("seller_id", order.sellerId());
    params.put("timestamp", AlipayTime.format(now));
    params.put("sign", key.sign(signatureContent(params), StandardCharsets.UTF_8));
    return params;
  }

  /** The return URL with the parameters added to its query. */
  static String url(String returnUrl, Map<String, String> params) {
    String query =
        params.entrySet().stream()
            .map(e -> enc(e.getKey()) + "=" + enc(e.getValue()))
            .collect(Collectors.joining("&"));
    return returnUrl + (returnUrl.contains("?") ? "&" : "?") + query;
  }

  static String signatureContent(Map<String, String> params) {
    return new TreeMap<>(params)
        .entrySet().stream()
            .filter(e -> !e.getKey().equals("sign") && !e.getKey().equals("sign_type"))
            .filter(e -> e.getValue() != null && !e.getValue().isEmpty())
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("&"));
  }

  private static String enc(String value) {
    return URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8);
  }
}
