package io.payonce.server.reconcile;

import io.payonce.server.testing.TestApps;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The running server and its in-process sandbox, over HTTP, as a buyer, a merchant or ops would.
 */
final class SandboxHttp {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final String base;
  private final HttpClient http = HttpClient.newHttpClient();
  private java.time.Duration sandboxOffset = java.time.Duration.ZERO;

  SandboxHttp(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  /** Creates an order and its QR payment; answers {outTradeNo, qrCode, orderNo}. */
  JsonNode orderWithQr(String orderNo, String amount) {
    expect(
        201,
        post(
            "/api/orders",
            "{\"orderNo\":\""
                + orderNo
                + "\",\"userId\":\"u1\",\"amount\":\""
                + amount
                + "\",\"currency\":\"CNY\",\"title\":\"Reconcile\"}"));
    return qr(orderNo);
  }

  JsonNode qr(String orderNo) {
    return json(expect(200, post("/pay/alipay/precreate", "{\"orderNo\":\"" + orderNo + "\"}")));
  }

  void dropNotifies(String outTradeNo) {
    expect(
        200,
        send(
            "PUT",
            "/sandbox/chaos",
            "{\"outTradeNo\":\"" + outTradeNo + "\",\"notifyDrop\":true}"));
  }

  JsonNode buyerPays(String qrCode) {
    return json(expect(200, post("/sandbox/alipay/wallet/pay", "{\"qrCode\":\"" + qrCode + "\"}")));
  }

  /** Moves the sandbox clock on by {@code by}, as the test moved the server's. */
  void moveSandboxClock(java.time.Duration by) {
    sandboxOffset = sandboxOffset.plus(by);
    putSandboxOffset(sandboxOffset);
  }

  /** Moves the sandbox a day past the test's clock, so that today's bill can be asked for. */
  void sandboxTomorrow() {
    putSandboxOffset(sandboxOffset.plusHours(24));
  }

  private void putSandboxOffset(java.time.Duration offset) {
    expect(200, send("PUT", "/sandbox/clock", "{\"offset\":\"" + offset + "\"}"));
  }

  void resetSandboxClockAndChaos() {
    sandboxOffset = java.time.Duration.ZERO;
    send("DELETE", "/sandbox/clock", null);
    send("DELETE", "/sandbox/chaos", null);
  }

  JsonNode generateBill(String body) {
    return json(expect(200, post("/sandbox/alipay/bills/generate", body)));
  }

  HttpResponse<String> post(String path, String body) {
    return send("POST", path, body);
  }

  HttpResponse<String> get(String path) {
    return send("GET", path, null);
  }

  HttpResponse<String> send(String method, String path, String body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(base + path)).header("Accept", "application/json");
    if (path.startsWith("/ops")) {
      // The operator's credential of application-test.yml (ops / payonce).
      request.header("Authorization", "Basic b3BzOnBheW9uY2U=");
    }
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    if (TestApps.isApi(path.replaceAll("\\?.*", ""))) {
      TestApps.sign(request, method, URI.create(base + path), bytes);
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(bytes));
    try {
      return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static JsonNode json(HttpResponse<String> response) {
    return JSON.readTree(response.body());
  }

  static HttpResponse<String> expect(int status, HttpResponse<String> response) {
    if (response.statusCode() != status) {
      throw new AssertionError(
          "expected HTTP " + status + " but got " + response.statusCode() + ": " + response.body());
    }
    return response;
  }
}
