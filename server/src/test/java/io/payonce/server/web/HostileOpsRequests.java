package io.payonce.server.web;

import io.payonce.server.testing.RawHttp;
import io.payonce.server.web.HostileRequests.Expect;
import io.payonce.server.web.HostileRequests.Hostile;
import io.payonce.server.web.HostileRequests.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Hostile requests to the operator's JSON endpoints ({@code /ops/api/apps/**}, {@code
 * /ops/webhooks/deliveries/**}, {@code /ops/reconciliations/**}). Without credentials, or with
 * wrong ones, any request — valid ones included (disable the test app, rotate its secret, resend a
 * delivery, start a reconciliation) — must change nothing and be answered 401 or 403 as a problem.
 * With the bootstrap operator's credentials a request is malformed by construction (a body the
 * endpoint refuses, an id that names nothing) and must be answered a 4xx problem.
 */
final class HostileOpsRequests {

  /** The bootstrap operator of application-test.yml, {@code ops}/{@code payonce}. */
  private static final String OPERATOR = "Authorization: Basic " + basic("ops:payonce");

  private static final String APPS = "/ops/api/apps";
  private static final String DELIVERIES = "/ops/webhooks/deliveries";
  private static final String RUNS = "/ops/reconciliations";

  Arbitrary<Hostile> all() {
    return Arbitraries.frequencyOf(Tuple.of(2, unauthenticated()), Tuple.of(3, malformed()));
  }

  // ---- Without good credentials: anything, valid or not ----

  private Arbitrary<Hostile> unauthenticated() {
    Arbitrary<RawHttp.Request> any =
        Arbitraries.oneOf(
            Arbitraries.of(
                get(APPS),
                get(APPS + "/test-app"),
                post(APPS, "{\"name\":\"fuzz\"}"),
                post(APPS + "/test-app/disable", null),
                post(APPS + "/test-app/enable", null),
                post(APPS + "/test-app/secrets", null),
                put(APPS + "/test-app/webhook", "{\"url\":\"https://shop.example/hook\"}"),
                put(APPS + "/test-app/channels/alipay", "{}"),
                request("DELETE", APPS + "/test-app/channels/alipay", null),
                get(DELIVERIES + "?state=PARKED"),
                get(DELIVERIES + "/1"),
                post(DELIVERIES + "/1/resend", null),
                get(RUNS),
                post(RUNS, "{\"channel\":\"ALIPAY\",\"billDate\":\"2026-11-01\"}"),
                post(RUNS + "/1/anomalies/1/resolve", "{\"comment\":\"ok\"}")));
    return Arbitraries.oneOf(
        Combinators.combine(any, Arbitraries.of(BadOperator.values()))
            .as((request, credentials) -> refused(request, credentials, Expect.UNAUTHENTICATED)),
        // A malformed one may be refused as such (the firewall's 400) before credentials count.
        Combinators.combine(malformedRequest(), Arbitraries.of(BadOperator.values()))
            .as(
                (request, credentials) ->
                    refused(request, credentials, Expect.UNAUTHENTICATED_OR_MALFORMED)));
  }

  private static Hostile refused(RawHttp.Request request, BadOperator credentials, Expect expect) {
    return hostile(
        request,
        "operator-" + credentials.name().toLowerCase(Locale.ROOT),
        credentials.header,
        expect);
  }

  /** Credentials the operator's chain must refuse. */
  enum BadOperator {
    NONE(null),
    WRONG_PASSWORD("Authorization: Basic " + basic("ops:wrong")),
    UNKNOWN_USER("Authorization: Basic " + basic("nobody:payonce")),
    NO_COLON("Authorization: Basic " + basic("ops")),
    NOT_BASE64("Authorization: Basic !!!not-base64!!!"),
    EMPTY_BASIC("Authorization: Basic "),
    BEARER("Authorization: Bearer b3BzOnBheW9uY2U"),
    MERCHANT_SIGNATURE("PayOnce-App-Id: test-app"),
    SESSION_COOKIE("Cookie: SESSION=MDEyMzQ1NjctODlhYi1jZGVmLTAxMjMtNDU2Nzg5YWJjZGVm");

    final String header;

    BadOperator(String header) {
      this.header = header;
    }
  }

  // ---- With the operator's credentials: malformed by construction ----

  private Arbitrary<Hostile> malformed() {
    return malformedRequest()
        .map(r -> hostile(r, "operator-malformed", OPERATOR, Expect.CLIENT_ERROR));
  }

  private Arbitrary<RawHttp.Request> malformedRequest() {
    return Arbitraries.oneOf(
        badBody().map(body -> post(APPS, body)),
        badAppName().map(name -> post(APPS, Json.write(HostileRequests.orderedMap("name", name)))),
        unknownId().map(id -> get(APPS + "/" + id)),
        Combinators.combine(unknownId(), Arbitraries.of("disable", "enable", "secrets"))
            .as((id, action) -> post(APPS + "/" + id + "/" + action, null)),
        Combinators.combine(appIds(), badWebhook())
            .as((id, body) -> put(APPS + "/" + id + "/webhook", body)),
        Combinators.combine(unknownId(), Arbitraries.of("alipay", "wechat"), badBody())
            .as((id, channel, body) -> put(APPS + "/" + id + "/channels/" + channel, body)),
        Combinators.combine(Arbitraries.of("alipay", "wechat"), badSettings())
            .as((channel, body) -> put(APPS + "/test-app/channels/" + channel, body)),
        Combinators.combine(appIds(), badChannel())
            .as((id, channel) -> get(APPS + "/" + id + "/channels/" + channel)),
        Combinators.combine(unknownId(), Arbitraries.of("alipay", "wechat"))
            .as((id, channel) -> request("DELETE", APPS + "/" + id + "/channels/" + channel, null)),
        badChannel()
            .map(channel -> request("DELETE", APPS + "/test-app/channels/" + channel, null)),
        badDeliveryQuery().map(query -> get(DELIVERIES + query)),
        badNumber().map(id -> get(DELIVERIES + "/" + id)),
        badNumber().map(id -> post(DELIVERIES + "/" + id + "/resend", null)),
        badRun().map(body -> post(RUNS, body)),
        Arbitraries.of("?limit=0", "?limit=-1", "?limit=abc", "?limit=100000", "?limit=1e3")
            .map(query -> get(RUNS + query)),
        badNumber().map(id -> get(RUNS + "/" + id)),
        badNumber().map(id -> get(RUNS + "/" + id + "/anomalies")),
        Combinators.combine(badNumber(), badNumber(), badComment())
            .as(
                (run, anomaly, body) ->
                    post(RUNS + "/" + run + "/anomalies/" + anomaly + "/resolve", body)));
  }

  private static Arbitrary<String> badBody() {
    return Arbitraries.of(
        "",
        "{",
        "[]",
        "null",
        "42",
        "\"text\"",
        "{\"name\":",
        "{'name':'a'}",
        "{\"a\":" + "[".repeat(3000),
        "\u00ff\u00fe{}");
  }

  private static Arbitrary<Object> badAppName() {
    return Arbitraries.oneOf(
        Arbitraries.of("", " ", "\t\n").map(n -> (Object) n),
        Arbitraries.strings().alpha().ofLength(129).map(n -> (Object) n),
        Arbitraries.of(
            HostileRequests.Json.NULL, 42, true, List.of("a"), Map.of("a", 1), List.of()));
  }

  /** App ids that name no app: unknown, malformed, or traversals. */
  private static Arbitrary<String> unknownId() {
    return Arbitraries.oneOf(
        Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(64).map(s -> "no-" + s),
        Arbitraries.of("%00", "a%20b", "..%2e", "%C3%28", "x;y=z", "%25", "a%2Bb"),
        Arbitraries.strings().alpha().ofLength(300));
  }

  private static Arbitrary<String> appIds() {
    return Arbitraries.oneOf(Arbitraries.just("test-app"), unknownId());
  }

  private static Arbitrary<String> badWebhook() {
    return Arbitraries.oneOf(
        badBody(),
        HostileRequests.badUrl()
            .map(
                url ->
                    Json.write(
                        HostileRequests.orderedMap("url", url, "secret", "webhook-secret-0001"))),
        Arbitraries.strings()
            .alpha()
            .ofLength(257)
            .map(
                secret ->
                    Json.write(
                        HostileRequests.orderedMap(
                            "url", "https://shop.example/hook", "secret", secret))));
  }

  /** Channel settings the admin refuses: missing fields, values of the wrong type, not JSON. */
  private static Arbitrary<String> badSettings() {
    return Arbitraries.oneOf(
        badBody(),
        Arbitraries.of(
            "{}",
            "{\"appId\":\"\"}",
            "{\"appId\":[1]}",
            "{\"appId\":{\"a\":1}}",
            "{\"mchId\":\"1900000109\"}",
            "{\"appId\":\"2021000000000009\",\"privateKey\":\"not a key\"}"));
  }

  private static Arbitrary<String> badChannel() {
    return Arbitraries.of("bitcoin", "ALIPAY%00", "%20", "a%2Fb", "x".repeat(100), "unionpay");
  }

  private static Arbitrary<String> badDeliveryQuery() {
    return Arbitraries.of(
        "",
        "?",
        "?state=",
        "?state=BOGUS",
        "?state=PARKED&limit=abc",
        "?state=%zz",
        "?limit=1",
        "?orderNo=",
        "?eventId=%20");
  }

  private static Arbitrary<String> badNumber() {
    return Arbitraries.oneOf(
        Arbitraries.of("abc", "-1", "1e3", "0x10", "99999999999999999999", "%00", "1.5", "%20"),
        Arbitraries.longs().between(9_000_000_000L, Long.MAX_VALUE).map(n -> Long.toString(n)));
  }

  private static Arbitrary<String> badRun() {
    return Arbitraries.oneOf(
        badBody(),
        Arbitraries.of(
            "{}",
            "{\"channel\":\"BITCOIN\",\"billDate\":\"2026-11-01\"}",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"2999-01-01\"}",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"2026-13-01\"}",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"yesterday\"}",
            "{\"channel\":\"ALIPAY\",\"billDate\":[2026,11,1]}",
            "{\"channel\":[\"ALIPAY\"],\"billDate\":\"2026-11-01\"}",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"2026-11-01\",\"channelConfig\":\"no-such\"}",
            "{\"channel\":\"WECHAT\",\"billDate\":\"2026-11-01\",\"channelConfig\":\"\\u0000\"}"));
  }

  private static Arbitrary<String> badComment() {
    return Arbitraries.oneOf(
        badBody(),
        Arbitraries.of("{}", "{\"comment\":\"\"}", "{\"comment\":[1]}", "{\"comment\":\"ok\"}"),
        Arbitraries.strings()
            .alpha()
            .ofLength(2001)
            .map(c -> Json.write(HostileRequests.orderedMap("comment", c))));
  }

  private static Hostile hostile(
      RawHttp.Request request, String defect, String credentials, Expect expect) {
    List<String> headers = new ArrayList<>(request.headers());
    if (credentials != null) {
      headers.add(credentials);
    }
    return new Hostile(
        request.method() + " " + route(request.target()),
        defect,
        null,
        new RawHttp.Request(request.method(), request.target(), headers, request.body()),
        null,
        expect);
  }

  private static RawHttp.Request get(String target) {
    return request("GET", target, null);
  }

  private static RawHttp.Request post(String target, String body) {
    return request("POST", target, body);
  }

  private static RawHttp.Request put(String target, String body) {
    return request("PUT", target, body);
  }

  /** A program's request: JSON in and out, so that refusals are problems, never the login form. */
  private static RawHttp.Request request(String method, String target, String body) {
    List<String> headers = new ArrayList<>(List.of("Accept: application/json"));
    if (body != null) {
      headers.add("Content-Type: application/json");
    }
    return new RawHttp.Request(
        method,
        target,
        headers,
        body == null ? (method.equals("GET") ? null : new byte[0]) : bytes(body));
  }

  private static byte[] bytes(String body) {
    // A body that starts with Latin-1 bytes is sent as such: not UTF-8.
    return body.startsWith("\u00ff")
        ? body.getBytes(StandardCharsets.ISO_8859_1)
        : body.getBytes(StandardCharsets.UTF_8);
  }

  private static String basic(String userAndPassword) {
    return Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
  }

  /** The path with its ids and names replaced by {}: what the counts are grouped by. */
  private static String route(String target) {
    StringBuilder route = new StringBuilder();
    for (String segment : target.split("\\?")[0].substring(1).split("/", -1)) {
      route.append('/').append(LITERALS.contains(segment) ? segment : "{}");
    }
    return route.toString();
  }

  private static final Set<String> LITERALS =
      Set.of(
          "ops",
          "api",
          "apps",
          "webhooks",
          "deliveries",
          "reconciliations",
          "anomalies",
          "resolve",
          "disable",
          "enable",
          "secrets",
          "webhook",
          "channels",
          "resend");
}
