package io.payonce.server.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.AppStatus;
import io.payonce.server.app.Apps;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Every merchant endpoint refuses a request that is not signed, signed wrongly, signed too long ago
 * or in the future, replayed, or signed by a disabled app; the channel's callback, the buyer's
 * pages and health stay open; metrics need the operator.
 */
@PayOnceIntegrationTest
class SignedRequestsIntegrationTests {

  private static final String UNAUTHORIZED = "https://payonce.io/problems/app-unauthorized";

  @LocalServerPort int port;
  @Autowired Apps apps;
  PayOnceHttp server;

  /** A merchant endpoint and a body it would take (null for a GET). */
  record Endpoint(String method, String path, String body) {
    @Override
    public String toString() {
      return method + " " + path;
    }
  }

  static Stream<Endpoint> endpoints() {
    String orderNo = TestNumbers.orderNo("AUTH");
    String order =
        """
        {"orderNo":"%s","userId":"u1","amount":"1.00","currency":"CNY","title":"t"}\
        """
            .formatted(orderNo);
    return Stream.of(
        new Endpoint("POST", "/api/orders", order),
        new Endpoint("GET", "/api/orders/" + orderNo, null),
        new Endpoint("GET", "/api/payments/" + orderNo, null),
        new Endpoint("GET", "/api/pay/get-token?userId=u1", null),
        new Endpoint("POST", "/pay/alipay/precreate", "{\"orderNo\":\"" + orderNo + "\"}"),
        new Endpoint(
            "POST",
            "/pay/alipay/barcode",
            "{\"orderNo\":\"" + orderNo + "\",\"authCode\":\"280000000000000000\"}"),
        new Endpoint("POST", "/pay/close", "{\"orderNo\":\"" + orderNo + "\"}"),
        new Endpoint(
            "POST",
            "/pay/refund",
            "{\"orderNo\":\"" + orderNo + "\",\"outRequestNo\":\"r1\",\"amount\":\"1.00\"}"),
        new Endpoint("GET", "/pay/refunds?orderNo=" + orderNo, null),
        new Endpoint("GET", "/pay/query?orderNo=" + orderNo, null));
  }

  @BeforeEach
  void setUp() {
    server = new PayOnceHttp(port);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void refusesAnUnsignedRequest(Endpoint endpoint) {
    Answer answer = send(endpoint, Map.of("PayOnce-Unsigned", "yes"));

    assertUnauthorized(answer);
    assertThat(answer.header("WWW-Authenticate")).isEqualTo("PayOnce-HMAC-SHA256");
  }

  /**
   * The path's characters percent-encoded, as a client may send them: the controllers are reached
   * all the same, so the chain must be chosen on the decoded path (before, these went through no
   * signature check at all and answered 500).
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void refusesAnUnsignedRequestWhosePathIsPercentEncoded(Endpoint endpoint) {
    String path = endpoint.path();
    String prefixEncoded = "/%" + Integer.toHexString(path.charAt(1)) + path.substring(2);
    int last = path.indexOf('?') < 0 ? path.length() - 1 : path.indexOf('?') - 1;
    String tailEncoded =
        path.substring(0, last)
            + "%"
            + Integer.toHexString(path.charAt(last)).toUpperCase(java.util.Locale.ROOT)
            + path.substring(last + 1);

    for (String encoded : List.of(prefixEncoded, tailEncoded)) {
      Endpoint sent = new Endpoint(endpoint.method(), encoded, endpoint.body());
      assertUnauthorized(send(sent, Map.of("PayOnce-Unsigned", "yes")));
      assertUnauthorized(
          send(sent, signed(sent, TestApps.APP_ID, "not-the-secret", now(), nonce())));
    }
  }

  @Test
  void aRequestSignedOverItsEncodedPathIsServedAsTheDecodedOne() {
    String orderNo = server.createOrder("1.00");
    Endpoint encoded = new Endpoint("GET", "/%61pi/orders/" + orderNo, null);

    Answer answer =
        send(encoded, signed(encoded, TestApps.APP_ID, TestApps.SECRET, now(), nonce()));

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.text("orderNo")).isEqualTo(orderNo);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void refusesAWrongSecret(Endpoint endpoint) {
    assertUnauthorized(
        send(endpoint, signed(endpoint, TestApps.APP_ID, "not-the-secret", now(), nonce())));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void refusesAnUnknownApp(Endpoint endpoint) {
    assertUnauthorized(send(endpoint, signed(endpoint, "nobody", TestApps.SECRET, now(), nonce())));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void refusesATimestampOutsideTheWindow(Endpoint endpoint) {
    // A minute past the 300 s window on either side: a timestamp only one second out would fall
    // back inside it whenever the server reads its clock a second later than the test (a slow CI).
    Answer old =
        send(endpoint, signed(endpoint, TestApps.APP_ID, TestApps.SECRET, now() - 360, nonce()));
    Answer future =
        send(endpoint, signed(endpoint, TestApps.APP_ID, TestApps.SECRET, now() + 360, nonce()));

    assertUnauthorized(old);
    assertThat(old.text("detail")).contains("PayOnce-Timestamp");
    assertUnauthorized(future);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void refusesAReplayedNonce(Endpoint endpoint) {
    Map<String, String> headers =
        signed(endpoint, TestApps.APP_ID, TestApps.SECRET, now(), nonce());

    Answer first = send(endpoint, headers);
    Answer replay = send(endpoint, headers);

    assertThat(first.status()).isNotIn(401, 403);
    assertUnauthorized(replay);
    assertThat(replay.text("detail")).contains("PayOnce-Nonce");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void refusesABodyOrQueryChangedAfterSigning(Endpoint endpoint) {
    Map<String, String> headers =
        signed(endpoint, TestApps.APP_ID, TestApps.SECRET, now(), nonce());
    Endpoint changed =
        endpoint.body() == null
            ? new Endpoint(endpoint.method(), endpoint.path() + "&x=1", null)
            : new Endpoint(endpoint.method(), endpoint.path(), endpoint.body() + " ");

    assertUnauthorized(send(changed, headers));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("endpoints")
  void refusesADisabledApp(Endpoint endpoint) {
    AppCredentials app = apps.create("disabled " + endpoint);
    apps.setStatus(app.appId(), AppStatus.DISABLED);

    Answer answer = send(endpoint, signed(endpoint, app.appId(), app.secret(), now(), nonce()));

    assertThat(answer.status()).isEqualTo(403);
    assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    assertThat(answer.text("type")).isEqualTo("https://payonce.io/problems/app-disabled");
  }

  @Test
  void refusesIncompleteHeaders() {
    Answer answer =
        server.get(
            server.serverBase() + "/pay/query?orderNo=X1",
            Map.of("PayOnce-App-Id", TestApps.APP_ID, "PayOnce-Nonce", nonce()));

    assertUnauthorized(answer);
  }

  @Test
  void anotherAppWithItsOwnSecretIsServed() {
    AppCredentials app = apps.create("second shop");
    Endpoint query = new Endpoint("GET", "/pay/query?orderNo=NONE-" + nonce(), null);

    Answer answer = send(query, signed(query, app.appId(), app.secret(), now(), nonce()));

    assertThat(answer.status()).isEqualTo(404);
  }

  @Test
  void bothSecretsWorkDuringARotationAndTheOldOneStopsAfterIt() {
    AppCredentials first = apps.create("rotating shop");
    AppCredentials second = apps.rotate(first.appId());
    Endpoint query = new Endpoint("GET", "/pay/query?orderNo=NONE-" + nonce(), null);

    assertThat(send(query, signed(query, first.appId(), first.secret(), now(), nonce())).status())
        .isEqualTo(404);
    assertThat(send(query, signed(query, first.appId(), second.secret(), now(), nonce())).status())
        .isEqualTo(404);

    apps.revokeOlderSecrets(first.appId());

    assertUnauthorized(send(query, signed(query, first.appId(), first.secret(), now(), nonce())));
    assertThat(send(query, signed(query, first.appId(), second.secret(), now(), nonce())).status())
        .isEqualTo(404);
  }

  @Test
  void aThirdSecretRevokesTheOldest() {
    AppCredentials first = apps.create("thrice rotated shop");
    apps.rotate(first.appId());
    apps.rotate(first.appId());

    assertThat(apps.secrets(first.appId())).hasSize(2).doesNotContain(first.secret());
  }

  @Test
  void aCredentialHeaderSentTwiceIsRefusedWhicheverValueIsGood() {
    String orderNo = server.createOrder("1.00");
    Endpoint read = new Endpoint("GET", "/api/orders/" + orderNo, null);
    Map<String, String> good = signed(read, TestApps.APP_ID, TestApps.SECRET, now(), nonce());
    RawHttp raw = new RawHttp(port);

    for (String name : good.keySet()) {
      List<String> lines = new java.util.ArrayList<>();
      good.forEach((header, value) -> lines.add(header + ": " + value));
      lines.add(name + ": " + (name.endsWith("Id") ? "evil" : good.get(name)));
      RawHttp.Answer answer = raw.send("GET", read.path(), lines, null);

      assertThat(answer.status()).as(name).isEqualTo(401);
      assertThat(answer.isProblem()).isTrue();
    }
    Map<String, String> fresh = signed(read, TestApps.APP_ID, TestApps.SECRET, now(), nonce());
    List<String> once = new java.util.ArrayList<>();
    fresh.forEach((header, value) -> once.add(header + ": " + value));
    assertThat(raw.send("GET", read.path(), once, null).status()).isEqualTo(200);
  }

  @Test
  void anEncodedCallbackPathIsStillTheChannelsCallback() {
    Answer notify = server.postForm("/pay/alipay/%6Eotify", "out_trade_no=NONE&trade_status=X");

    assertThat(notify.status()).isNotIn(401, 403, 500);
    assertThat(notify.body()).isEqualTo("fail");
  }

  @Test
  void leavesTheChannelCallbackThePagesAndHealthOpen() {
    Answer notify = server.postForm("/pay/alipay/notify", "out_trade_no=NONE&trade_status=X");
    Answer shop = server.get(server.serverBase() + "/");
    Answer health = server.get(server.serverBase() + "/actuator/health");
    Answer metrics = server.get(server.serverBase() + "/actuator/prometheus");

    assertThat(notify.status()).isNotIn(401, 403);
    assertThat(notify.body()).isEqualTo("fail");
    assertThat(shop.status()).isEqualTo(200);
    assertThat(health.status()).isEqualTo(200);
    assertThat(metrics.status()).isEqualTo(401);
  }

  private Answer send(Endpoint endpoint, Map<String, String> headers) {
    String url = server.serverBase() + endpoint.path();
    return endpoint.body() == null
        ? server.get(url, headers)
        : server.post(url, endpoint.body(), headers);
  }

  private Map<String, String> signed(
      Endpoint endpoint, String appId, String secret, long timestamp, String nonce) {
    byte[] body =
        endpoint.body() == null ? new byte[0] : endpoint.body().getBytes(StandardCharsets.UTF_8);
    return TestApps.headers(
        appId,
        secret,
        endpoint.method(),
        URI.create(server.serverBase() + endpoint.path()),
        body,
        timestamp,
        nonce);
  }

  private static void assertUnauthorized(Answer answer) {
    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    assertThat(answer.text("type")).isEqualTo(UNAUTHORIZED);
    assertThat(answer.body()).doesNotContain("Exception", "\tat ", TestApps.SECRET);
  }

  private static long now() {
    return Instant.now().getEpochSecond();
  }

  private static String nonce() {
    return TestApps.nonce();
  }
}
