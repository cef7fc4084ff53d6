package io.payonce.server.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Drives a running PayOnce (and the sandbox mounted in it, or standalone) over real HTTP, the way a
 * merchant's backend and a buyer's wallet would: no shortcut into the server's beans.
 */
public final class PayOnceHttp {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String server;
  private final String sandbox;
  private final String appId;
  private final String secret;

  public PayOnceHttp(int serverPort) {
    this("http://127.0.0.1:" + serverPort, "http://127.0.0.1:" + serverPort);
  }

  public PayOnceHttp(String serverBase, String sandboxBase) {
    this(serverBase, sandboxBase, TestApps.APP_ID, TestApps.SECRET);
  }

  private PayOnceHttp(String serverBase, String sandboxBase, String appId, String secret) {
    this.server = serverBase;
    this.sandbox = sandboxBase;
    this.appId = appId;
    this.secret = secret;
  }

  /** The same server, with API requests signed as another app. */
  public PayOnceHttp as(String appId, String secret) {
    return new PayOnceHttp(server, sandbox, appId, secret);
  }

  /** An HTTP answer with its body parsed when it is JSON. */
  public record Answer(int status, String body, HttpResponse<String> raw) {
    public JsonNode json() {
      return JSON.readTree(body);
    }

    public String text(String field) {
      return json().path(field).asString();
    }

    public String header(String name) {
      return raw.headers().firstValue(name).orElse(null);
    }
  }

  /** Creates an order for {@code amount} yuan and returns its number. */
  public String createOrder(String amount) {
    return createOrder(amount, "PayOnce test");
  }

  /** Creates an order for {@code amount} yuan with the title a buyer sees; returns its number. */
  public String createOrder(String amount, String title) {
    String orderNo = TestNumbers.orderNo("O");
    Answer created =
        post(
            server + "/api/orders",
            Map.of(
                "orderNo",
                orderNo,
                "userId",
                "u-" + UUID.randomUUID().toString().substring(0, 8),
                "amount",
                amount,
                "currency",
                "CNY",
                "title",
                title),
            Map.of());
    if (created.status() != 201) {
      throw new IllegalStateException("order not created: " + created.status() + created.body());
    }
    return orderNo;
  }

  /** Opens a checkout session for the order (as the test app); the cashier's path. */
  public String checkout(String orderNo) {
    Answer opened = post(server + "/api/orders/" + enc(orderNo) + "/checkout", "", Map.of());
    if (opened.status() != 201) {
      throw new IllegalStateException("no checkout: " + opened.status() + opened.body());
    }
    return opened.text("url");
  }

  public Answer precreate(String orderNo) {
    return post(server + "/pay/alipay/precreate", Map.of("orderNo", orderNo), Map.of());
  }

  public Answer precreate(Object body, Map<String, String> headers) {
    return post(server + "/pay/alipay/precreate", body, headers);
  }

  public Answer wechatPrecreate(String orderNo) {
    return post(server + "/pay/wechat/precreate", Map.of("orderNo", orderNo), Map.of());
  }

  public Answer wechatPrecreate(Object body, Map<String, String> headers) {
    return post(server + "/pay/wechat/precreate", body, headers);
  }

  /**
   * The order's hand-off for an online product: {@code POST /pay/{channel}/{verb}} with the order
   * and, when given, the buyer's side ({@code returnUrl}, {@code clientIp}, {@code channelUserId}).
   */
  public Answer handOff(String channel, String verb, String orderNo, Map<String, String> buyer) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    if (!buyer.isEmpty()) {
      body.put("buyer", buyer);
    }
    return post(server + "/pay/" + channel + "/" + verb, body, Map.of());
  }

  /**
   * The buyer inside WeChat: the merchant's page hands a JSAPI hand-off's parameters to the JS
   * bridge, which pays them as the buyer {@code openid}.
   */
  public Answer wechatBridgePay(JsonNode handoffParams, String openid) {
    Map<String, Object> body = new LinkedHashMap<>();
    handoffParams
        .properties()
        .forEach(field -> body.put(field.getKey(), field.getValue().asString()));
    body.put("openid", openid);
    return post(sandbox + "/sandbox/wechat/bridge/pay", body, Map.of());
  }

  /**
   * The phone's browser opens a WeChat H5 hand-off's {@code h5_url} and the buyer taps pay (the
   * page's form posts its {@code prepay_id} and {@code redirect_url} back).
   */
  public Answer wechatH5Pay(String h5Url) {
    Map<String, String> query =
        org.springframework.web.util.UriComponentsBuilder.fromUri(URI.create(h5Url))
            .build()
            .getQueryParams()
            .toSingleValueMap();
    StringBuilder form = new StringBuilder("prepay_id=").append(query.get("prepay_id"));
    if (query.get("redirect_url") != null) {
      form.append("&redirect_url=")
          .append(
              enc(java.net.URLDecoder.decode(query.get("redirect_url"), StandardCharsets.UTF_8)));
    }
    return send(
        HttpRequest.newBuilder(URI.create(sandbox + "/sandbox/wechat/h5/pay"))
            .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString(form.toString()))
            .build());
  }

  /**
   * The buyer's browser opens an Alipay page.pay or wap.pay hand-off's {@code url} at the gateway,
   * which sends it on to the cashier page, and pays there as {@code buyerId}: the cashier page's
   * answer (a redirect to return_url when paid), or the gateway's when it led to no cashier page.
   */
  public Answer alipayPagePay(String url, String buyerId) {
    Answer opened = get(url);
    String checkout = opened.header("Location");
    if (checkout == null) {
      return opened;
    }
    URI page = URI.create(url).resolve(checkout);
    return send(
        HttpRequest.newBuilder(URI.create(page + "/pay"))
            .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString("buyerId=" + enc(buyerId)))
            .build());
  }

  /**
   * The WeChat app on the phone pays what {@code WXApi.sendReq(PayReq)} hands it: a WeChat App
   * hand-off's {@code fields}.
   */
  public Answer wechatAppPay(Map<String, String> fields) {
    return post(sandbox + "/sandbox/wechat/app/pay", fields, Map.of());
  }

  /** The channel calls journaled for one payment and one method (e.g. alipay.trade.app.pay). */
  public List<JsonNode> channelCalls(String outTradeNo, String method) {
    return payment(outTradeNo)
        .json()
        .path("channelCalls")
        .valueStream()
        .filter(c -> method.equals(c.path("method").asString()))
        .toList();
  }

  /**
   * Where each move of a payment (as {@code GET /api/payments/...} answers it) to status came from.
   */
  public static List<String> transitionsTo(JsonNode payment, String status) {
    return payment
        .path("journal")
        .valueStream()
        .filter(j -> j.path("toStatus").asString().equals(status))
        .map(j -> j.path("source").asString())
        .toList();
  }

  /**
   * Moves the server's clock and the channel's together, to {@code offset} from the test's start.
   */
  public void moveClocksTo(MutableClock clock, Duration offset) {
    clock.reset();
    clock.advance(offset);
    sandboxClock(offset);
  }

  /** The merchant's app hands an Alipay order string to the SDK: the buyer's Alipay app pays it. */
  public Answer alipayAppPay(String orderString) {
    return post(
        sandbox + "/sandbox/alipay/wallet/app-pay", Map.of("orderString", orderString), Map.of());
  }

  public Answer wechatRefresh(String orderNo) {
    return post(
        server + "/pay/wechat/precreate", Map.of("orderNo", orderNo, "refresh", true), Map.of());
  }

  /** The sandbox's WeChat Pay orders under one number: the truth of what the buyer was charged. */
  public List<JsonNode> wechatOrders(String outTradeNo) {
    return get(sandbox + "/sandbox/wechat/orders?outTradeNo=" + enc(outTradeNo))
        .json()
        .valueStream()
        .toList();
  }

  /** The APIv3 calls the sandbox received for one number and method (e.g. wechat.native.prepay). */
  public List<JsonNode> wechatCalls(String outTradeNo, String method) {
    return get(sandbox
            + "/sandbox/wechat/calls?outTradeNo="
            + enc(outTradeNo)
            + "&method="
            + enc(method))
        .json()
        .valueStream()
        .toList();
  }

  /** Posts {@code body} as it is, with exactly these headers (a hand-made channel callback). */
  public Answer postRaw(String path, Map<String, String> headers, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(server + path))
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(request::header);
    return send(request.build());
  }

  public Answer refresh(String orderNo) {
    return post(
        server + "/pay/alipay/precreate", Map.of("orderNo", orderNo, "refresh", true), Map.of());
  }

  public Answer close(String orderNo) {
    return post(server + "/pay/close", Map.of("orderNo", orderNo), Map.of());
  }

  public Answer refund(String orderNo, String outRequestNo, String amount) {
    return post(
        server + "/pay/refund",
        Map.of(
            "orderNo", orderNo, "outRequestNo", outRequestNo, "amount", amount, "reason", "test"),
        Map.of());
  }

  public Answer barcode(Object body, Map<String, String> headers) {
    return post(server + "/pay/alipay/barcode", body, headers);
  }

  public Answer barcode(String orderNo, String authCode) {
    return post(
        server + "/pay/alipay/barcode",
        Map.of("orderNo", orderNo, "authCode", authCode, "requestId", "bc-" + orderNo),
        Map.of());
  }

  /** Sets the sandbox clock's offset from real time (e.g. to let a QR code expire there). */
  public void sandboxClock(Duration offset) {
    send(
        HttpRequest.newBuilder(URI.create(sandbox + "/sandbox/clock"))
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString("{\"offset\":\"" + offset + "\"}"))
            .build());
  }

  public void resetSandboxClock() {
    send(HttpRequest.newBuilder(URI.create(sandbox + "/sandbox/clock")).DELETE().build());
  }

  public Answer query(String orderNo) {
    return get(server + "/pay/query?orderNo=" + enc(orderNo));
  }

  /** The order's status as GET /api/orders/{orderNo} shows it. */
  public String orderStatus(String orderNo) {
    return get(server + "/api/orders/" + enc(orderNo)).text("status");
  }

  /** The order's payments as GET /api/orders/{orderNo} lists them. */
  public List<JsonNode> payments(String orderNo) {
    return get(server + "/api/orders/" + enc(orderNo))
        .json()
        .path("payments")
        .valueStream()
        .toList();
  }

  public Answer payment(String outTradeNo) {
    return get(server + "/api/payments/" + enc(outTradeNo));
  }

  public Answer postForm(String path, String formBody) {
    return send(
        HttpRequest.newBuilder(URI.create(server + path))
            .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofString(formBody))
            .build());
  }

  public Answer walletPay(String qrCode) {
    return post(
        sandbox + "/sandbox/alipay/wallet/pay",
        Map.of("qrCode", qrCode, "buyerId", "2088102146225135"),
        Map.of());
  }

  /** The buyer confirms a barcode payment waiting for their password. */
  public Answer walletConfirm(String outTradeNo) {
    return post(sandbox + "/sandbox/alipay/wallet/pay", Map.of("outTradeNo", outTradeNo), Map.of());
  }

  public Answer walletScan(String qrCode) {
    return post(
        sandbox + "/sandbox/alipay/wallet/scan",
        Map.of("qrCode", qrCode, "buyerId", "2088102146225135"),
        Map.of());
  }

  /** The sandbox ledger's rows for one number: the truth of what the buyer was charged. */
  public List<JsonNode> trades(String outTradeNo) {
    return get(sandbox + "/sandbox/alipay/trades?outTradeNo=" + enc(outTradeNo))
        .json()
        .valueStream()
        .toList();
  }

  /** The gateway calls the sandbox received for one number and method. */
  public List<JsonNode> calls(String outTradeNo, String method) {
    return get(sandbox
            + "/sandbox/alipay/calls?outTradeNo="
            + enc(outTradeNo)
            + "&method="
            + enc(method))
        .json()
        .valueStream()
        .toList();
  }

  public List<JsonNode> notifies(String outTradeNo) {
    return get(sandbox + "/sandbox/alipay/notifies?outTradeNo=" + enc(outTradeNo))
        .json()
        .valueStream()
        .toList();
  }

  public void chaos(Map<String, Object> knobs) {
    Answer answer =
        send(
            HttpRequest.newBuilder(URI.create(sandbox + "/sandbox/chaos"))
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(knobs)))
                .build());
    if (answer.status() / 100 != 2) {
      throw new IllegalStateException("chaos refused: " + answer.body());
    }
  }

  public void calm() {
    send(HttpRequest.newBuilder(URI.create(sandbox + "/sandbox/chaos")).DELETE().build());
  }

  public Answer get(String url) {
    return get(url, Map.of());
  }

  public Answer get(String url, Map<String, String> headers) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).GET();
    headers.forEach(request::header);
    return send(signed(request, "GET", URI.create(url), new byte[0], headers).build());
  }

  /** The raw bytes at {@code url}, e.g. an image. */
  public byte[] bytes(String url) {
    try {
      return http.send(
              HttpRequest.newBuilder(URI.create(url)).GET().build(),
              HttpResponse.BodyHandlers.ofByteArray())
          .body();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public Answer post(String url, Object body, Map<String, String> headers) {
    byte[] bytes =
        (body instanceof String s ? s : JSON.writeValueAsString(body))
            .getBytes(StandardCharsets.UTF_8);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(bytes));
    headers.forEach(request::header);
    return send(signed(request, "POST", URI.create(url), bytes, headers).build());
  }

  /**
   * Signs an API request as this client's app (the test app, testing.TestApps, unless {@link #as}),
   * unless the caller set its own signature headers; other paths (callbacks, pages, the sandbox) go
   * as they are.
   */
  private HttpRequest.Builder signed(
      HttpRequest.Builder request,
      String method,
      URI uri,
      byte[] body,
      Map<String, String> headers) {
    boolean own = headers.keySet().stream().anyMatch(name -> name.startsWith("PayOnce-"));
    return own || !TestApps.isApi(uri.getRawPath()) ? request : sign(request, method, uri, body);
  }

  private HttpRequest.Builder sign(
      HttpRequest.Builder request, String method, URI uri, byte[] body) {
    TestApps.headers(
            appId,
            secret,
            method,
            uri,
            body,
            java.time.Instant.now().getEpochSecond(),
            TestApps.nonce())
        .forEach(request::header);
    return request;
  }

  public String sandboxBase() {
    return sandbox;
  }

  public String serverBase() {
    return server;
  }

  private Answer send(HttpRequest request) {
    try {
      HttpResponse<String> response =
          http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      return new Answer(response.statusCode(), response.body(), response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
