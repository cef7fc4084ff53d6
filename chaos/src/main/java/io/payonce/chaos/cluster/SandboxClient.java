package io.payonce.chaos.cluster;

import io.payonce.chaos.http.JsonHttp;
import io.payonce.chaos.http.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The standalone sandbox over HTTP: its buyer's wallet, its chaos knobs and its ledger — the ground
 * truth of what buyers paid and were refunded.
 */
public final class SandboxClient {

  private static final int PAGE = 1000;

  private final String base;
  private final JsonHttp http = new JsonHttp(Duration.ofSeconds(20));

  public SandboxClient(String base) {
    this.base = base;
  }

  public String base() {
    return base;
  }

  public boolean ready() {
    return http.get(base + "/sandbox/alipay/platform-key").status() == 200;
  }

  /** Alipay's platform public key (X.509, Base64). */
  public String platformKey() {
    Reply reply = http.get(base + "/sandbox/alipay/platform-key");
    if (reply.status() != 200) {
      throw new IllegalStateException("sandbox platform key: " + reply.brief());
    }
    return reply.text("publicKey");
  }

  public void registerApp(String appId, String merchantPublicKey, String sellerId) {
    Reply reply =
        http.post(
            base + "/sandbox/alipay/apps",
            Map.of("appId", appId, "publicKey", merchantPublicKey, "sellerId", sellerId),
            Map.of());
    if (!reply.ok()) {
      throw new IllegalStateException("sandbox refused the app: " + reply.brief());
    }
  }

  /** Merges knobs into a scope ({@code method} and/or {@code outTradeNo} keys); null removes. */
  public Reply chaos(Map<String, Object> knobs) {
    return http.put(base + "/sandbox/chaos", knobs);
  }

  /** Knobs scoped to one trade; values null remove them. */
  public Reply chaosFor(String outTradeNo, String method, Map<String, Object> knobs) {
    Map<String, Object> body = new LinkedHashMap<>(knobs);
    body.put("outTradeNo", outTradeNo);
    if (method != null) {
      body.put("method", method);
    }
    return chaos(body);
  }

  public Reply clearChaos() {
    return http.delete(base + "/sandbox/chaos");
  }

  /** The buyer scans a QR code (creates the trade) without paying yet. */
  public Reply scan(String qrCode, String buyerId) {
    return http.post(
        base + "/sandbox/alipay/wallet/scan",
        Map.of("qrCode", qrCode, "buyerId", buyerId),
        Map.of());
  }

  /** The buyer pays a QR code (scanning it first if needed). */
  public Reply pay(String qrCode, String buyerId) {
    return http.post(
        base + "/sandbox/alipay/wallet/pay",
        Map.of("qrCode", qrCode, "buyerId", buyerId),
        Map.of());
  }

  /**
   * The buyer's Alipay app pays an order string the merchant's app handed it (the trade exists at
   * Alipay from then on): 200 with {@code resultStatus} 9000 when paid.
   */
  public Reply appPay(String orderString, String buyerId) {
    return http.post(
        base + "/sandbox/alipay/wallet/app-pay",
        Map.of("orderString", orderString, "buyerId", buyerId),
        Map.of());
  }

  /** The buyer confirms a barcode payment that waits for the password. */
  public Reply confirm(String outTradeNo) {
    return http.post(
        base + "/sandbox/alipay/wallet/pay", Map.of("outTradeNo", outTradeNo), Map.of());
  }

  /** WeChat Pay's platform public key: {@code publicKeyId} and {@code publicKeyPem}. */
  public JsonNode wechatPlatformKey() {
    Reply reply = http.get(base + "/sandbox/wechat/platform-key");
    if (reply.status() != 200) {
      throw new IllegalStateException("sandbox WeChat platform key: " + reply.brief());
    }
    return reply.json();
  }

  /** Registers the WeChat Pay merchant (its fields as {@code POST /sandbox/wechat/merchants}). */
  public void registerWechatMerchant(Map<String, String> merchant) {
    Reply reply = http.post(base + "/sandbox/wechat/merchants", merchant, Map.of());
    if (!reply.ok()) {
      throw new IllegalStateException("sandbox refused the WeChat merchant: " + reply.brief());
    }
  }

  /**
   * The buyer's WeChat pays JS bridge parameters (a JSAPI or mini-program hand-off's {@code
   * params}) as {@code openid}: 200 with {@code err_msg} {@code get_brand_wcpay_request:ok} when
   * paid.
   */
  public Reply bridgePay(JsonNode params, String openid) {
    Map<String, Object> body = fields(params);
    body.put("openid", openid);
    return http.post(base + "/sandbox/wechat/bridge/pay", body, Map.of());
  }

  /** The buyer's WeChat pays the PayReq a WeChat App hand-off's {@code fields} carry. */
  public Reply wechatAppPay(JsonNode fields, String openid) {
    Map<String, Object> body = fields(fields);
    body.put("openid", openid);
    return http.post(base + "/sandbox/wechat/app/pay", body, Map.of());
  }

  /**
   * The buyer pays on the page an H5 hand-off's {@code url} opens (its {@code prepay_id} posted
   * back, as the page's button does): 200 when paid, an error page otherwise.
   */
  public Reply h5Pay(String h5Url, String openid) {
    String prepayId = queryParameter(h5Url, "prepay_id");
    if (prepayId == null) {
      return new Reply(-1, "", Map.of(), "no prepay_id in " + h5Url);
    }
    return http.form(
        base + "/sandbox/wechat/h5/pay", Map.of("prepay_id", prepayId, "openid", openid));
  }

  /**
   * The buyer's browser opens a page hand-off's URL (an Alipay page.pay or wap.pay request at the
   * gateway, which sends it on to the cashier page; an h5_url): the answer, redirects not followed.
   */
  public Reply open(String url) {
    return http.page(url);
  }

  /**
   * The buyer opens an Alipay page.pay or wap.pay URL and pays on the cashier page it leads to (the
   * trade is created then, if the page had not yet made it).
   */
  public Reply alipayPagePay(String url, String buyerId) {
    Reply opened = open(url);
    String checkout = opened.headers().get("location");
    if (checkout == null) {
      return opened.status() == -1 || opened.status() >= 400
          ? opened
          : new Reply(
              -1, "", Map.of(), "no cashier page (the gateway answered " + opened.status() + ")");
    }
    String absolute = checkout.startsWith("/") ? base + checkout : checkout;
    return http.form(absolute + "/pay", Map.of("buyerId", buyerId));
  }

  private static Map<String, Object> fields(JsonNode node) {
    Map<String, Object> fields = new LinkedHashMap<>();
    node.properties().forEach(e -> fields.put(e.getKey(), e.getValue().asString()));
    return fields;
  }

  static String queryParameter(String url, String name) {
    int query = url.indexOf('?');
    if (query < 0) {
      return null;
    }
    for (String pair : url.substring(query + 1).split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0 && pair.substring(0, eq).equals(name)) {
        return java.net.URLDecoder.decode(
            pair.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  /** Every Alipay ledger row (pre-orders included), with its refunds. */
  public List<JsonNode> trades() {
    return ledger("/sandbox/alipay/trades");
  }

  /** Every WeChat Pay ledger row (prepaid orders included), with its refunds; amounts in fen. */
  public List<JsonNode> wechatOrders() {
    return ledger("/sandbox/wechat/orders");
  }

  private List<JsonNode> ledger(String path) {
    List<JsonNode> all = new ArrayList<>();
    for (int page = 0; ; page++) {
      Reply reply = http.get(base + path + "?page=" + page + "&size=" + PAGE);
      if (reply.status() != 200) {
        throw new IllegalStateException("sandbox ledger " + path + ": " + reply.brief());
      }
      JsonNode rows = reply.json();
      rows.forEach(all::add);
      int total = Integer.parseInt(reply.headers().getOrDefault("x-total-count", "0"));
      if (rows.size() < PAGE || all.size() >= total) {
        return all;
      }
    }
  }

  /** Every Alipay notify delivery the sandbox made, with its outcome. */
  public List<JsonNode> notifies() {
    return journal("/sandbox/alipay/notifies");
  }

  /** Every WeChat Pay notify delivery the sandbox made, with its outcome. */
  public List<JsonNode> wechatNotifies() {
    return journal("/sandbox/wechat/notifies");
  }

  private List<JsonNode> journal(String path) {
    Reply reply = http.get(base + path);
    if (reply.status() != 200) {
      throw new IllegalStateException("sandbox notifies: " + reply.brief());
    }
    List<JsonNode> all = new ArrayList<>();
    reply.json().forEach(all::add);
    return all;
  }
}
