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

  /** Every ledger row (pre-orders included), with its refunds. */
  public List<JsonNode> trades() {
    List<JsonNode> all = new ArrayList<>();
    for (int page = 0; ; page++) {
      Reply reply = http.get(base + "/sandbox/alipay/trades?page=" + page + "&size=" + PAGE);
      if (reply.status() != 200) {
        throw new IllegalStateException("sandbox ledger: " + reply.brief());
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
    Reply reply = http.get(base + "/sandbox/alipay/notifies");
    if (reply.status() != 200) {
      throw new IllegalStateException("sandbox notifies: " + reply.brief());
    }
    List<JsonNode> all = new ArrayList<>();
    reply.json().forEach(all::add);
    return all;
  }
}
