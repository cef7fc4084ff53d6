package io.payonce.bench;

import io.payonce.server.app.RequestSignatures;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.json.JsonMapper;

/** A merchant backend and Alipay's notifier, as HTTP clients of the server on loopback. */
final class ServiceClient {

  static final String AMOUNT = "12.34";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();

  /** The app the bench signs as: the server's bootstrap app (ServiceUnderTest). */
  static final String APP_ID = "bench-app";

  static final String SECRET = "bench-secret-3d5f7a9c1e2b4d6f8a0c2e4b6d8f0a1c";
  static final String MASTER_KEY = "YmVuY2gtdGhyb3dhd2F5LW1hc3Rlci1rZXktMzJieXQ=";

  private static final AtomicLong NONCES = new AtomicLong();
  private static final String RUN = Long.toString(System.nanoTime(), 36);

  private final String base;

  ServiceClient(int port) {
    this.base = "http://127.0.0.1:" + port;
  }

  void createOrder(String orderNo) throws IOException, InterruptedException {
    String body =
        """
        {"orderNo":"%s","userId":"bench-user","amount":"%s","currency":"CNY","title":"Bench"}
        """
            .formatted(orderNo, AMOUNT);
    expect(201, postJson("/api/orders", body), "order " + orderNo);
  }

  /** Creates the orders, eight requests at a time (untimed set-up). */
  void createOrders(List<String> orderNos) throws Exception {
    ExecutorService creators = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> created =
          orderNos.stream()
              .<Future<?>>map(
                  orderNo ->
                      creators.submit(
                          () -> {
                            createOrder(orderNo);
                            return null;
                          }))
              .toList();
      for (Future<?> future : created) {
        future.get();
      }
    } finally {
      creators.shutdown();
    }
  }

  /** The order's out_trade_no, from a 200 answer. */
  String precreate(String orderNo) throws IOException, InterruptedException {
    HttpResponse<String> answer =
        postJson("/pay/alipay/precreate", "{\"orderNo\":\"" + orderNo + "\"}");
    expect(200, answer, "precreate " + orderNo);
    return JSON.readTree(answer.body()).path("outTradeNo").asString();
  }

  /** Posts a signed notify; anything but the protocol's {@code success} is an error. */
  void notify(String form) throws IOException, InterruptedException {
    expectSuccess(postForm("/pay/alipay/notify", form), "notify");
  }

  /** B2: a precreate's request to the bare JSON endpoint, its answer read as precreate's is. */
  void bareJson(String orderNo) throws IOException, InterruptedException {
    HttpResponse<String> answer =
        postJson(BareEndpoints.JSON_PATH, "{\"orderNo\":\"" + orderNo + "\"}");
    expect(200, answer, "bare json " + orderNo);
    if (JSON.readTree(answer.body()).path("outTradeNo").asString().isEmpty()) {
      throw new IllegalStateException("bare json answered " + answer.body());
    }
  }

  /** B2: a notify's form to the bare form endpoint. */
  void bareForm(String form) throws IOException, InterruptedException {
    expectSuccess(postForm(BareEndpoints.FORM_PATH, form), "bare form");
  }

  private HttpResponse<String> postForm(String path, String form)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofString(form))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static void expectSuccess(HttpResponse<String> answer, String what) {
    if (answer.statusCode() != 200 || !"success".equals(answer.body())) {
      throw new IllegalStateException(
          what + " answered " + answer.statusCode() + " " + answer.body());
    }
  }

  private HttpResponse<String> postJson(String path, String body)
      throws IOException, InterruptedException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    URI uri = URI.create(base + path);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofByteArray(bytes));
    sign(request, "POST", uri, bytes);
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Signs a merchant API call as the bench's app (RequestSignatures, as any merchant would). */
  private static void sign(HttpRequest.Builder request, String method, URI uri, byte[] body) {
    long timestamp = Instant.now().getEpochSecond();
    String nonce = "bench-" + RUN + "-" + NONCES.incrementAndGet() + "-00000";
    String canonical =
        RequestSignatures.canonical(
            APP_ID, method, uri.getRawPath(), uri.getRawQuery(), timestamp, nonce, body);
    request
        .header(RequestSignatures.APP_ID, APP_ID)
        .header(RequestSignatures.TIMESTAMP, Long.toString(timestamp))
        .header(RequestSignatures.NONCE, nonce)
        .header(RequestSignatures.SIGNATURE, RequestSignatures.sign(SECRET, canonical));
  }

  private static void expect(int status, HttpResponse<String> answer, String what) {
    if (answer.statusCode() != status) {
      throw new IllegalStateException(
          what + " answered " + answer.statusCode() + " " + answer.body());
    }
  }
}
