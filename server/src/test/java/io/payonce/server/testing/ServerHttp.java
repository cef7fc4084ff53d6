package io.payonce.server.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The running test server over real HTTP, as a client or the sandbox's buyer would call it: JSON
 * in, JSON out, and the few calls the cashier and ops tests share.
 */
public final class ServerHttp {

  /** The operator's credential in application-test.yml. */
  public static final String OPS_USER = "ops";

  public static final String OPS_PASSWORD = "payonce";

  private final HttpClient http = HttpClient.newHttpClient();
  private final JsonMapper json = JsonMapper.builder().build();
  private final String base;

  public ServerHttp(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  public String base() {
    return base;
  }

  public HttpResponse<String> get(String path, String... headers) {
    return send(request(path, headers).GET());
  }

  public HttpResponse<byte[]> getBytes(String path) {
    try {
      return http.send(request(path).GET().build(), BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public HttpResponse<String> post(String path, String body, String... headers) {
    return send(
        request(path, headers)
            .header("Content-Type", "application/json")
            .POST(BodyPublishers.ofString(body)));
  }

  public HttpResponse<String> put(String path, String body) {
    return send(
        request(path)
            .header("Content-Type", "application/json")
            .PUT(BodyPublishers.ofString(body)));
  }

  /** A request without a body, e.g. {@code DELETE /sandbox/chaos}. */
  public HttpResponse<String> send(String method, String path) {
    return send(request(path).method(method, BodyPublishers.noBody()));
  }

  /** A request with a body of the given content type. */
  public HttpResponse<String> send(
      String method, String path, String contentTypeHeader, String contentType, String body) {
    return send(
        request(path, contentTypeHeader, contentType)
            .method(method, BodyPublishers.ofString(body)));
  }

  public JsonNode json(HttpResponse<String> response) {
    return json.readTree(response.body());
  }

  /** The value of an Authorization header for the operator (or anyone else). */
  public static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /** Creates an order of the given amount through the orders API; returns its number. */
  public String createOrder(String prefix, String amount, String title) {
    String orderNo = TestNumbers.orderNo(prefix);
    HttpResponse<String> created =
        post(
            "/api/orders",
            """
            {"orderNo":"%s","userId":"buyer-1","amount":"%s","currency":"CNY","title":"%s"}
            """
                .formatted(orderNo, amount, title));
    if (created.statusCode() != 201) {
      throw new IllegalStateException("order not created: " + created.body());
    }
    return orderNo;
  }

  /** The order's QR code from {@code POST /pay/alipay/precreate}. */
  public JsonNode precreate(String orderNo) {
    HttpResponse<String> response =
        post("/pay/alipay/precreate", "{\"orderNo\":\"" + orderNo + "\"}");
    if (response.statusCode() != 200) {
      throw new IllegalStateException("precreate failed: " + response.body());
    }
    return json(response);
  }

  /** {@code GET /api/payments/{outTradeNo}}: the payment with journal, notifies, calls, alarms. */
  public JsonNode payment(String outTradeNo) {
    return json(get("/api/payments/" + outTradeNo));
  }

  /** The sandbox's record of gateway calls for one trade and method. */
  public JsonNode sandboxCalls(String outTradeNo, String method) {
    return json(get("/sandbox/alipay/calls?outTradeNo=" + outTradeNo + "&method=" + method));
  }

  /** The buyer pays a QR code in the sandbox wallet. */
  public HttpResponse<String> walletPay(String qrCode) {
    return post("/sandbox/alipay/wallet/pay", "{\"qrCode\":\"" + qrCode + "\"}");
  }

  private HttpRequest.Builder request(String path, String... headers) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path));
    for (int i = 0; i + 1 < headers.length; i += 2) {
      builder.header(headers[i], headers[i + 1]);
    }
    return builder;
  }

  private HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return http.send(request.build(), BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
