package io.payonce.server.app.web;

import io.payonce.server.app.AppCredentials;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

/** A merchant app's signed calls, as its own business system would make them. */
final class AppClient {

  private final PayOnceHttp http;
  private final AppCredentials app;

  AppClient(PayOnceHttp http, AppCredentials app) {
    this.http = http;
    this.app = app;
  }

  String appId() {
    return app.appId();
  }

  /** A new order of {@code amount} yuan; its number. */
  String createOrder(String amount) {
    String orderNo = TestNumbers.orderNo("APC");
    Answer created =
        post(
            "/api/orders",
            "{\"orderNo\":\""
                + orderNo
                + "\",\"userId\":\"u1\",\"amount\":\""
                + amount
                + "\",\"currency\":\"CNY\",\"title\":\"App channels\"}");
    if (created.status() != 201) {
      throw new IllegalStateException("order not created: " + created.status() + created.body());
    }
    return orderNo;
  }

  Answer precreate(String channel, String orderNo) {
    return post("/pay/" + channel + "/precreate", "{\"orderNo\":\"" + orderNo + "\"}");
  }

  Answer refund(String orderNo, String outRequestNo, String amount) {
    return post(
        "/pay/refund",
        "{\"orderNo\":\""
            + orderNo
            + "\",\"outRequestNo\":\""
            + outRequestNo
            + "\",\"amount\":\""
            + amount
            + "\",\"reason\":\"test\"}");
  }

  String orderStatus(String orderNo) {
    return get("/api/orders/" + orderNo).text("status");
  }

  Answer get(String path) {
    URI uri = URI.create(http.serverBase() + path);
    return http.get(uri.toString(), headers("GET", uri, new byte[0]));
  }

  Answer post(String path, String body) {
    URI uri = URI.create(http.serverBase() + path);
    return http.post(
        uri.toString(), body, headers("POST", uri, body.getBytes(StandardCharsets.UTF_8)));
  }

  private Map<String, String> headers(String method, URI uri, byte[] body) {
    return TestApps.headers(
        app.appId(),
        app.secret(),
        method,
        uri,
        body,
        Instant.now().getEpochSecond(),
        TestApps.nonce());
  }
}
