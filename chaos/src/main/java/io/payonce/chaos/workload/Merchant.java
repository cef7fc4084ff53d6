package io.payonce.chaos.workload;

import io.payonce.chaos.http.JsonHttp;
import io.payonce.chaos.http.Reply;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The merchant's backend calling PayOnce: orders, precreate, barcode, close, refund, query. Every
 * exchange is recorded. A request aimed at an instance that refuses the connection (it is down) is
 * sent again through the load balancer, as a client with a fallback would.
 */
public final class Merchant {

  private static final Set<String> ACKNOWLEDGING =
      Set.of("precreate", "refresh", "handoff", "barcode", "close", "refund");

  private final JsonHttp http = new JsonHttp(Duration.ofSeconds(45));
  private final Target lb;
  private final Exchanges exchanges;
  private final LongSupplier clockMs;

  public Merchant(Target lb, Exchanges exchanges, LongSupplier clockMs) {
    this.lb = lb;
    this.exchanges = exchanges;
    this.clockMs = clockMs;
  }

  public Reply createOrder(Target target, String orderNo, String userId, long amountMinor) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    body.put("userId", userId);
    body.put("amount", money(amountMinor));
    body.put("currency", "CNY");
    body.put("title", "Chaos " + orderNo);
    return send("order", target, "POST", "/api/orders", body, Map.of(), orderNo, null);
  }

  /**
   * Precreate; {@code headerKey} goes in Idempotency-Key, {@code requestId} in the body (either may
   * be null).
   */
  public Reply precreate(
      Target target, String orderNo, boolean refresh, String headerKey, String requestId) {
    return precreate(target, "alipay", orderNo, refresh, headerKey, requestId);
  }

  /** Precreate through {@code channel}'s QR product. */
  public Reply precreate(
      Target target,
      String channel,
      String orderNo,
      boolean refresh,
      String headerKey,
      String requestId) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    if (refresh) {
      body.put("refresh", true);
    }
    if (requestId != null) {
      body.put("requestId", requestId);
    }
    Reply reply =
        send(
            refresh ? "refresh" : "precreate",
            target,
            "POST",
            "/pay/" + channel + "/precreate",
            body,
            headerKey == null ? Map.of() : Map.of("Idempotency-Key", headerKey),
            orderNo,
            headerKey != null ? headerKey : requestId);
    if (reply.status() == 200 && reply.text("qrCode") == null) {
      exchanges.breach(
          new Exchanges.Breach(
              orderNo,
              "precreate via "
                  + target.name()
                  + " answered 200 without a QR code: payment "
                  + reply.text("outTradeNo")
                  + " "
                  + reply.text("paymentStatus")));
    }
    return reply;
  }

  /**
   * The order's hand-off through {@code product} (a QR code, an order string, app or bridge
   * parameters, a page's URL), as the buyer {@code openid} at WeChat; a 200 without what the buyer
   * pays with is a breach.
   */
  Reply handoff(Target target, Product product, String orderNo, String openid) {
    if (product.qr()) {
      return precreate(target, product.channel, orderNo, false, null, null);
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    Map<String, Object> buyer = new LinkedHashMap<>();
    buyer.put("returnUrl", "https://shop.example/orders/" + orderNo);
    buyer.put("quitUrl", "https://shop.example/cart");
    buyer.put("clientIp", "203.0.113.7");
    if (product.bridges()) {
      buyer.put("channelUserId", openid);
    }
    body.put("buyer", buyer);
    Reply reply = send("handoff", target, "POST", product.path(), body, Map.of(), orderNo, null);
    if (reply.status() == 200 && product.payable(reply) == null) {
      exchanges.breach(
          new Exchanges.Breach(
              orderNo,
              product
                  + " hand-off via "
                  + target.name()
                  + " answered 200 without what the buyer pays with: payment "
                  + reply.text("outTradeNo")
                  + " "
                  + reply.text("paymentStatus")));
    }
    return reply;
  }

  public Reply barcode(Target target, String orderNo, String authCode, String requestId) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    body.put("authCode", authCode);
    body.put("requestId", requestId);
    return send(
        "barcode", target, "POST", "/pay/alipay/barcode", body, Map.of(), orderNo, requestId);
  }

  public Reply close(Target target, String orderNo) {
    return send(
        "close", target, "POST", "/pay/close", Map.of("orderNo", orderNo), Map.of(), orderNo, null);
  }

  public Reply refund(
      Target target, String orderNo, String outRequestNo, long amountMinor, String headerKey) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    body.put("outRequestNo", outRequestNo);
    body.put("amount", money(amountMinor));
    body.put("reason", "chaos");
    return send(
        "refund",
        target,
        "POST",
        "/pay/refund",
        body,
        headerKey == null ? Map.of() : Map.of("Idempotency-Key", headerKey),
        orderNo,
        headerKey);
  }

  public Reply query(Target target, String orderNo) {
    return send(
        "query", target, "GET", "/pay/query?orderNo=" + orderNo, null, Map.of(), orderNo, null);
  }

  public Reply order(Target target, String orderNo) {
    return send(
        "order.get", target, "GET", "/api/orders/" + orderNo, null, Map.of(), orderNo, null);
  }

  private Reply send(
      String op,
      Target target,
      String method,
      String path,
      Object body,
      Map<String, String> headers,
      String orderNo,
      String key) {
    Reply reply = once(op, target, method, path, body, headers, orderNo, key);
    if (reply.refused() && target.direct()) {
      reply = once(op, lb, method, path, body, headers, orderNo, key);
    }
    return reply;
  }

  private Reply once(
      String op,
      Target target,
      String method,
      String path,
      Object body,
      Map<String, String> headers,
      String orderNo,
      String key) {
    String sent = body == null ? null : JsonHttp.write(body);
    long at = clockMs.getAsLong();
    Reply reply = http.send(method, target.base() + path, sent, headers);
    long took = clockMs.getAsLong() - at;
    // Keyed answers are compared on replay; acknowledgements are checked against the final books.
    boolean keep = key != null || reply.status() >= 500 || reply.ok() && ACKNOWLEDGING.contains(op);
    exchanges.add(
        new Exchange(
            at,
            took,
            op,
            target.name(),
            orderNo,
            key,
            key != null ? sent : null,
            reply.status(),
            keep ? reply.body() : null,
            reply.replayed(),
            reply.headers().containsKey("retry-after"),
            reply.status() == -1 ? reply.error() : reply.problem()));
    return reply;
  }

  static String money(long minor) {
    return BigDecimal.valueOf(minor, 2).toPlainString();
  }
}
