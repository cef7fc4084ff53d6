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
    return Arbitraries.frequencyOf(
        Tuple.of(
            6,
            malformedRequest()
                .map(r -> hostile(r, "operator-malformed", OPERATOR, Expect.CLIENT_ERROR))),
        Tuple.of(
            3,
            wrongTypedConsoleRequest()
                .map(r -> hostile(r, "operator-wrong-type", OPERATOR, Expect.CLIENT_ERROR))),
        // The search page answers a bad day on the page itself (200), never a 500.
        Tuple.of(
            1,
            badDay()
                .map(
                    day ->
                        hostile(
                            page("/ops/payments?day=" + day),
                            "operator-bad-day",
                            OPERATOR,
                            Expect.ANY_REFUSAL))));
  }

  /**
   * The console's routes with a query parameter or path variable of the wrong type: a word or an
   * overflowing number for a number, an unknown name for an enum, neither true nor false for a
   * boolean. Every value is one the route refuses, so nothing changes.
   */
  private static Arbitrary<RawHttp.Request> wrongTypedConsoleRequest() {
    return Arbitraries.oneOf(
        notAnEnum().map(state -> get("/ops/webhooks?state=" + state)),
        notAnInt().map(limit -> get("/ops/alarms?limit=" + limit)),
        notALong().map(id -> post("/ops/alarms/" + id + "/resolve?resolution=fuzz", "")),
        notALong().map(id -> post("/ops/webhooks/" + id + "/resend", "")),
        notABoolean().map(value -> post("/ops/apps/test-app/enabled?enabled=" + value, "")),
        notAnEnum()
            .map(
                role ->
                    post("/ops/operators?username=fuzzop&password=0123456789abc&role=" + role, "")),
        notAnEnum().map(role -> post("/ops/operators/fuzzop/role?role=" + role, "")),
        notABoolean().map(value -> post("/ops/operators/fuzzop/enabled?enabled=" + value, "")),
        notAnInt().map(limit -> get(DELIVERIES + "?limit=" + limit)),
        notALong().map(id -> post(DELIVERIES + "/" + id + "/resend", "")),
        notAnInt().map(limit -> get(RUNS + "?limit=" + limit)),
        notALong().map(after -> get(RUNS + "/1/anomalies?after=" + after)),
        notAnInt().map(limit -> get(RUNS + "/1/anomalies?limit=" + limit)),
        notABoolean().map(resolved -> get(RUNS + "/1/anomalies?resolved=" + resolved)),
        Combinators.combine(notALong(), notALong())
            .as(
                (run, anomaly) ->
                    post(
                        RUNS + "/" + run + "/anomalies/" + anomaly + "/resolve",
                        "{\"comment\":\"ok\"}")));
  }

  /** Not a number of any Java type, or past a long's range (and so past an int's). */
  private static Arbitrary<String> notALong() {
    return Arbitraries.of(
        "abc", "1.5", "1e3", "NaN", "--1", "%00", "99999999999999999999", "-99999999999999999999");
  }

  private static Arbitrary<String> notAnInt() {
    return Arbitraries.oneOf(
        notALong(),
        Arbitraries.of("99999999999", "2147483648", "-2147483649"),
        Arbitraries.longs()
            .between(Integer.MAX_VALUE + 1L, Long.MAX_VALUE)
            .map(n -> Long.toString(n)));
  }

  private static Arbitrary<String> notABoolean() {
    return Arbitraries.of("maybe", "perhaps", "2", "tru", "yes!", "%00", "null", "TRUE1");
  }

  private static Arbitrary<String> notAnEnum() {
    return Arbitraries.of("BOGUS", "GOD", "god", "parked", "1", "%00", "ADMIN%3B", "A%20DMIN");
  }

  /** Days the search cannot hold or parse: past year 9999 or before 1970, either sign. */
  private static Arbitrary<String> badDay() {
    return Arbitraries.oneOf(
        Arbitraries.of(
            "%2B999999999-12-31",
            "-999999999-01-01",
            "%2B10000-01-01",
            "9999-12-31",
            "0000-01-01",
            "1969-12-31",
            "2026-02-30",
            "2026-11-30T00:00"),
        Arbitraries.integers().between(10_000, 999_999_999).map(year -> "%2B" + year + "-12-31"),
        Arbitraries.integers().between(1, 999_999_999).map(year -> "-" + year + "-01-01"));
  }

  /** A browser's request for a page: it asks for HTML. */
  private static RawHttp.Request page(String target) {
    return new RawHttp.Request("GET", target, List.of("Accept: text/html"), null);
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
            // Dates that parse but name no day a bill is for: refused up front, not a failed run.
            "{\"channel\":\"ALIPAY\",\"billDate\":\"-999999999-01-01\"}",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"+999999999-12-31\"}",
            "{\"channel\":\"WECHAT\",\"billDate\":\"0000-01-01\"}",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"1969-12-31\"}",
            // A key given twice, each value a valid one: refused, never read as the last.
            "{\"channel\":\"ALIPAY\",\"billDate\":\"2026-11-01\",\"billDate\":\"2026-11-02\"}",
            "{\"channel\":\"WECHAT\",\"channel\":\"ALIPAY\",\"billDate\":\"2026-11-01\"}",
            "{\"channel\":\"WECHAT\",\"billDate\":\"2026-11-01\",\"channelConfig\":\"\\u0000\"}"));
  }

  private static Arbitrary<String> badComment() {
    return Arbitraries.oneOf(
        badBody(),
        Arbitraries.of(
            "{}",
            "{\"comment\":\"\"}",
            "{\"comment\":[1]}",
            "{\"comment\":\"ok\"}",
            "{\"comment\":\"ok\",\"comment\":\"twice\"}"),
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
          "resend",
          "alarms",
          "operators",
          "role",
          "enabled",
          "payments",
          "test-app");
}
