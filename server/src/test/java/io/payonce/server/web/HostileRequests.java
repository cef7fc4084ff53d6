package io.payonce.server.web;

import io.payonce.server.app.RequestSignatures;
import io.payonce.server.channel.ChannelCallback;
import io.payonce.server.testing.RawHttp;
import io.payonce.server.testing.TestApps;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of hostile requests for every endpoint and callback. Each request carries at
 * least one defect that makes it invalid — so none may change state — named in {@link
 * Hostile#defect()}; noise (extra headers, odd charsets, unknown fields) comes on top. Order
 * numbers of real orders (created, paying, paid) are mixed in, so that the defects reach the deep
 * paths too, not only the validators.
 */
final class HostileRequests {

  /**
   * One generated request: the route it aims at, its defect, and what to send — a request, or for
   * HTTP-level defects the raw bytes.
   */
  record Hostile(
      String route,
      String defect,
      String failureReply,
      RawHttp.Request request,
      byte[] raw,
      Expect expect) {

    Hostile(String route, String defect, String failureReply, RawHttp.Request request) {
      this(route, defect, failureReply, request, null, Expect.ANY_REFUSAL);
    }

    Hostile(String route, String defect, String failureReply, RawHttp.Request request, byte[] raw) {
      this(route, defect, failureReply, request, raw, Expect.ANY_REFUSAL);
    }

    /** Whether it went to a channel's callback, which must answer its own failure reply. */
    boolean callback() {
      return failureReply != null;
    }

    /**
     * The bytes to send: a merchant API request signed as the test app (so that its defect, not a
     * missing signature, is what stops it) unless it is about credentials.
     */
    byte[] bytes(int port) {
      if (raw != null) {
        return raw;
      }
      return expect == Expect.UNAUTHENTICATED || expect == Expect.UNAUTHENTICATED_OR_MALFORMED
          ? request.bytes(port)
          : RawHttp.signed(request).bytes(port);
    }
  }

  /** What a request must be answered, beyond no 5xx and no leak. */
  enum Expect {
    /** Any refusal: a problem from the API, the failure reply from a callback, a page. */
    ANY_REFUSAL,
    /** No, wrong, expired or replayed credentials: 401 or 403, as a problem. */
    UNAUTHENTICATED,
    /** Bad credentials on a malformed request: 400, 401 or 403, as a problem. */
    UNAUTHENTICATED_OR_MALFORMED,
    /** Good credentials, bad request: a 4xx problem. */
    CLIENT_ERROR
  }

  /** The real orders a request may name, by state, and their payments' numbers. */
  record Orders(
      String created,
      String paying,
      String paid,
      String payingOutTradeNo,
      String paidOutTradeNo,
      String cashierToken,
      List<String> configKeys,
      List<String> alipayAppIds,
      RawHttp.Request signedRead) {

    List<String> all() {
      return List.of(created, paying, paid);
    }

    List<String> outTradeNos() {
      return List.of(payingOutTradeNo, paidOutTradeNo);
    }
  }

  static final String NOTIFY = "/pay/alipay/notify";

  private static final List<String> JSON_POSTS =
      List.of(
          "/api/orders",
          "/pay/alipay/precreate",
          "/pay/alipay/barcode",
          "/pay/wechat/precreate",
          "/pay/wechat/barcode",
          "/pay/close",
          "/pay/refund");

  private static final List<String> GET_ROUTES =
      List.of(
          "/pay/query?orderNo=",
          "/pay/refunds?orderNo=",
          "/api/pay/get-token?userId=",
          "/api/orders/",
          "/api/payments/",
          "/cashier/",
          "/cashier/{}/state",
          "/cashier/{}/qr.png",
          "/cashier/{}/query",
          "/ops/alarms",
          // The error page's own route, asked for directly: no error to render.
          "/error",
          "/v3/api-docs/",
          "/v3/api-docs",
          "/",
          "/nowhere/");

  private final Orders orders;
  private final List<ChannelCallback> callbacks;

  /**
   * @param callbacks every channel callback the server declares: Alipay's notify gets forged
   *     notifies, the others (WeChat Pay's JSON and XML ones) forged bodies of every shape; each on
   *     its own path and on its per-account paths
   */
  HostileRequests(Orders orders, List<ChannelCallback> callbacks) {
    this.orders = orders;
    this.callbacks = callbacks;
  }

  Arbitrary<Hostile> all() {
    List<Tuple.Tuple2<Integer, Arbitrary<Hostile>>> kinds = new ArrayList<>();
    kinds.add(Tuple.of(30, jsonPosts()));
    kinds.add(Tuple.of(20, gets()));
    kinds.add(Tuple.of(20, notifies()));
    kinds.add(Tuple.of(20, transport()));
    kinds.add(Tuple.of(10, protocol()));
    kinds.add(Tuple.of(6, checkouts()));
    kinds.add(Tuple.of(6, cashierPays()));
    kinds.add(Tuple.of(8, unauthenticated()));
    kinds.add(Tuple.of(5, new HostileOpsRequests().all()));
    kinds.add(Tuple.of(2, sandbox()));
    List<ChannelCallback> others =
        callbacks.stream().filter(c -> !c.path().equals(NOTIFY)).toList();
    if (!others.isEmpty()) {
      kinds.add(Tuple.of(10, otherCallbacks(others)));
    }
    return Arbitraries.frequencyOf(kinds);
  }

  // ---- The embedded sandbox's own endpoints: values past its bounds ----

  /**
   * The sandbox (mounted in the test profile, unauthenticated) asked for a bill of more rows than
   * it builds, or of a day outside 1970-9999, or to move its clock past ten years or by no
   * duration: each refused with the sandbox's 400, never a 500, an exhausted heap or a clock every
   * later call overflows on.
   */
  private static Arbitrary<Hostile> sandbox() {
    Arbitrary<String> tooManyRows =
        Arbitraries.integers()
            .between(100_001, Integer.MAX_VALUE)
            .map(rows -> "{\"billDate\":\"2026-11-30\",\"rows\":" + rows + "}");
    Arbitrary<String> tooManyInjected =
        Combinators.combine(
                Arbitraries.of("missingInBill", "extraInBill", "amountMismatch"),
                Arbitraries.integers().between(100_001, Integer.MAX_VALUE))
            .as(
                (kind, count) ->
                    "{\"billDate\":\"2026-11-30\",\"rows\":1,\"discrepancies\":{\""
                        + kind
                        + "\":"
                        + count
                        + "}}");
    Arbitrary<String> badBillDate =
        Arbitraries.of(
                "+999999999-12-31",
                "-999999999-01-01",
                "+10000-01-01",
                "0000-01-01",
                "1969-12-31",
                "+999999999-12",
                "2026-02-30")
            .map(day -> "{\"billDate\":\"" + day + "\",\"rows\":1}");
    Arbitrary<String> badOffset =
        Arbitraries.oneOf(
                Arbitraries.of(
                    "\"P106751991167DT7H\"",
                    "\"PT99999999999999H\"",
                    "\"-PT2562047788015215H-30M-8S\"",
                    "\"P3651D\"",
                    "\"-P3651D\"",
                    "9223372036854775807",
                    "-9223372036854775808",
                    "1e308",
                    "\"soon\"",
                    "null"),
                Arbitraries.longs()
                    .between(3651L * 86_400, Long.MAX_VALUE)
                    .map(seconds -> Long.toString(seconds)),
                Arbitraries.integers()
                    .between(3651, Integer.MAX_VALUE)
                    .map(days -> "\"P" + days + "D\""))
            .map(offset -> "{\"offset\":" + offset + "}");
    return Arbitraries.oneOf(
        Arbitraries.oneOf(tooManyRows, tooManyInjected, badBillDate)
            .map(body -> sandboxCall("POST", "/sandbox/alipay/bills/generate", body)),
        badOffset.map(body -> sandboxCall("PUT", "/sandbox/clock", body)));
  }

  private static Hostile sandboxCall(String method, String path, String body) {
    return new Hostile(
        path,
        "sandbox-bounds",
        null,
        RawHttp.Request.of(method, path, List.of("Content-Type: application/json"), body));
  }

  // ---- The checkout session and the cashier's calls ----

  /**
   * A checkout for an order number that is malformed, names no order, or names the paid order
   * (which has nothing left to pay): a session for a payable order would be a valid request.
   */
  private Arbitrary<Hostile> checkouts() {
    Arbitrary<String> numbers =
        Arbitraries.oneOf(
            badParameter().filter(n -> !n.isEmpty() && !n.contains("%2F") && !n.contains("%2f")),
            Arbitraries.just(orders.paid()),
            Arbitraries.strings()
                .alpha()
                .numeric()
                .ofMinLength(20)
                .ofMaxLength(64)
                .map(n -> "X" + n));
    return Combinators.combine(
            numbers, Arbitraries.oneOf(notJson(), Arbitraries.just(Body.of("empty", ""))), noise())
        .as(
            (orderNo, body, noise) -> {
              List<String> headers = new ArrayList<>(noise);
              headers.add("Content-Type: application/json");
              return new Hostile(
                  "/api/orders/{}/checkout",
                  "bad-checkout",
                  null,
                  new RawHttp.Request(
                      "POST", "/api/orders/" + orderNo + "/checkout", headers, body.bytes));
            });
  }

  /**
   * The cashier's pay click: the paying order's real session with a body it refuses (a channel no
   * one offers, a bad request id, wrong types, broken JSON), or a valid click on a token that is no
   * session.
   */
  private Arbitrary<Hostile> cashierPays() {
    Arbitrary<Body> badClick =
        Arbitraries.oneOf(
            notJson(),
            notAnObject(),
            Arbitraries.of("bitcoin", "unionpay", "wechat\u0000", "alipay,wechat", "ALIPAY\t1")
                .map(c -> Body.of("bad-channel", Json.write(orderedMap("channel", c)))),
            badRequestId()
                .map(r -> Body.of("bad-requestId", Json.write(orderedMap("requestId", r)))),
            Combinators.combine(wrongType(), Arbitraries.of("refresh", "channel", "requestId"))
                .as((v, field) -> Body.of("wrong-type", Json.write(orderedMap(field, v)))));
    Arbitrary<Hostile> realSession =
        Combinators.combine(badClick, contentTypes(), noise())
            .as((body, type, noise) -> cashierPay(orders.cashierToken(), body, type, noise));
    Arbitrary<Hostile> noSession =
        Combinators.combine(
                Arbitraries.oneOf(
                    badParameter().filter(t -> !t.isEmpty() && !t.contains("%2F")),
                    Arbitraries.strings().alpha().numeric().ofLength(43)),
                noise())
            .as(
                (token, noise) ->
                    cashierPay(
                        token,
                        Body.of("no-session", Json.write(orderedMap("channel", "alipay"))),
                        "application/json",
                        noise));
    return Arbitraries.oneOf(realSession, noSession);
  }

  private static Hostile cashierPay(String token, Body body, String type, List<String> noise) {
    List<String> headers = new ArrayList<>(noise);
    headers.add("Content-Type: " + type);
    return new Hostile(
        "/cashier/{}/pay",
        body.defect,
        null,
        new RawHttp.Request("POST", "/cashier/" + token + "/pay", headers, body.bytes));
  }

  // ---- The merchant API without good credentials: valid requests otherwise ----

  /**
   * Requests that would be valid (close the created order, refund the paid one, open a checkout,
   * create an order, pay) sent unsigned, with a forged signature, an unknown app, a stale or future
   * timestamp, a signature over another body, or replayed (the fixture's own signed read, sent
   * again as it was): 401 or 403, nothing changed.
   */
  private Arbitrary<Hostile> unauthenticated() {
    Arbitrary<RawHttp.Request> valid =
        Arbitraries.of(
            RawHttp.Request.of(
                "POST", "/pay/close", json(), Json.write(Map.of("orderNo", orders.created()))),
            RawHttp.Request.of(
                "POST",
                "/pay/refund",
                json(),
                Json.write(
                    orderedMap(
                        "orderNo", orders.paid(), "outRequestNo", "R-unauth", "amount", "0.01"))),
            RawHttp.Request.of(
                "POST",
                "/api/orders",
                json(),
                Json.write(
                    orderedMap(
                        "orderNo", "UNAUTH1", "userId", "u1", "amount", "1.00", "title", "t"))),
            RawHttp.Request.of("POST", "/api/orders/" + orders.created() + "/checkout", json(), ""),
            RawHttp.Request.of(
                "POST",
                "/pay/wechat/precreate",
                json(),
                Json.write(Map.of("orderNo", orders.created()))),
            RawHttp.Request.of(
                "POST",
                "/pay/alipay/precreate",
                json(),
                Json.write(Map.of("orderNo", orders.created()))),
            RawHttp.Request.of("GET", "/pay/query?orderNo=" + orders.paying(), List.of(), null),
            RawHttp.Request.of("GET", "/api/pay/get-token?userId=u1", List.of(), null));
    // Any character of a path may come percent-encoded; the server must route and refuse it as the
    // decoded path (an encoded "/%70ay/..." once went around the signature check).
    Arbitrary<Integer> encodedAt = Arbitraries.integers().between(-1, 40);
    return Combinators.combine(valid, Arbitraries.of(BadCredentials.class), encodedAt)
        .as(
            (request, credentials, at) -> {
              // A replay is the very request the fixture sent, signature and nonce included.
              RawHttp.Request sent =
                  credentials == BadCredentials.REPLAYED
                      ? orders.signedRead()
                      : credentials.apply(percentEncodeOne(request, at));
              return new Hostile(
                  java.net.URLDecoder.decode(
                          sent.target().split("\\?")[0], java.nio.charset.StandardCharsets.UTF_8)
                      .replaceAll("/api/orders/[^/]+", "/api/orders/{}"),
                  "credentials-" + credentials.name().toLowerCase(Locale.ROOT),
                  null,
                  sent,
                  null,
                  Expect.UNAUTHENTICATED);
            });
  }

  private static List<String> json() {
    return List.of("Content-Type: application/json");
  }

  /**
   * The request with the path's character at {@code at} (counted among the path's letters, modulo
   * their number) percent-encoded; {@code -1} leaves it as it is.
   */
  static RawHttp.Request percentEncodeOne(RawHttp.Request request, int at) {
    String target = request.target();
    int query = target.indexOf('?');
    String path = query < 0 ? target : target.substring(0, query);
    List<Integer> letters = new ArrayList<>();
    for (int i = 0; i < path.length(); i++) {
      if (Character.isLetter(path.charAt(i))) {
        letters.add(i);
      }
    }
    if (at < 0 || letters.isEmpty()) {
      return request;
    }
    int i = letters.get(at % letters.size());
    String encoded =
        path.substring(0, i)
            + String.format(Locale.ROOT, "%%%02X", (int) path.charAt(i))
            + path.substring(i + 1)
            + (query < 0 ? "" : target.substring(query));
    return new RawHttp.Request(request.method(), encoded, request.headers(), request.body());
  }

  /** How a request's merchant credentials can be wrong. */
  enum BadCredentials {
    NONE,
    FORGED_SIGNATURE,
    UNKNOWN_APP,
    STALE_TIMESTAMP,
    FUTURE_TIMESTAMP,
    NOT_A_TIMESTAMP,
    REPLAYED,
    OTHER_BODY,
    WRONG_SECRET,
    OPERATOR_BASIC;

    RawHttp.Request apply(RawHttp.Request request) {
      if (this == NONE) {
        return request;
      }
      if (this == OPERATOR_BASIC) {
        return withHeaders(request, Map.of("Authorization", "Basic b3BzOnBheW9uY2U="));
      }
      URI uri = URI.create("http://127.0.0.1" + request.target());
      byte[] body = request.body() == null ? new byte[0] : request.body();
      long now = Instant.now().getEpochSecond();
      String app = TestApps.APP_ID;
      String secret = TestApps.SECRET;
      String nonce = TestApps.nonce();
      long timestamp = now;
      switch (this) {
        case UNKNOWN_APP -> app = "no-such-app";
        case STALE_TIMESTAMP -> timestamp = now - 3600;
        case FUTURE_TIMESTAMP -> timestamp = now + 3600;
        case OTHER_BODY -> body = "{\"orderNo\":\"other\"}".getBytes(StandardCharsets.UTF_8);
        case WRONG_SECRET -> secret = "wrong-secret-0123456789abcdef0123456789abcdef";
        default -> {}
      }
      Map<String, String> headers =
          new LinkedHashMap<>(
              TestApps.headers(app, secret, request.method(), uri, body, timestamp, nonce));
      switch (this) {
        case FORGED_SIGNATURE -> headers.put(RequestSignatures.SIGNATURE, "A".repeat(43) + "=");
        case NOT_A_TIMESTAMP -> headers.put(RequestSignatures.TIMESTAMP, "yesterday");
        default -> {}
      }
      return withHeaders(request, headers);
    }

    private static RawHttp.Request withHeaders(RawHttp.Request request, Map<String, String> add) {
      List<String> headers = new ArrayList<>(request.headers());
      add.forEach((name, value) -> headers.add(name + ": " + value));
      return new RawHttp.Request(request.method(), request.target(), headers, request.body());
    }
  }

  private String failureReplyOf(String path) {
    return callbacks.stream()
        .filter(c -> c.path().equals(path))
        .map(ChannelCallback::failureReply)
        .findFirst()
        .orElse(null);
  }

  /** A callback of another channel: garbage of every shape, with forged signature headers. */
  private Arbitrary<Hostile> otherCallbacks(List<ChannelCallback> others) {
    Arbitrary<Body> bodies =
        Arbitraries.oneOf(notJson(), notAnObject(), withBadOrderNo("/callback"));
    Arbitrary<List<String>> forged =
        Arbitraries.of(
            List.of(),
            List.of(
                "Wechatpay-Serial: PUB_KEY_ID_0000",
                "Wechatpay-Signature: " + "A".repeat(344),
                "Wechatpay-Timestamp: 1700000000",
                "Wechatpay-Nonce: n"),
            List.of("Wechatpay-Signature: ", "Wechatpay-Timestamp: -1"));
    return Combinators.combine(
            Arbitraries.of(others), accountPaths(), bodies, contentTypes(), forged, noise())
        .as(
            (callback, account, body, type, signature, noise) -> {
              List<String> headers = new ArrayList<>(noise);
              headers.addAll(signature);
              headers.add("Content-Type: " + type);
              return new Hostile(
                  callback.path() + (account.isEmpty() ? "" : "/{configKey}"),
                  "forged-" + body.defect,
                  callback.failureReply(),
                  new RawHttp.Request("POST", callback.path() + account, headers, body.bytes));
            });
  }

  /**
   * Where under a callback a notify goes: the callback itself, a stored channel configuration's own
   * path ({@code /{configKey}}), or one that names no configuration.
   */
  private Arbitrary<String> accountPaths() {
    List<Tuple.Tuple2<Integer, Arbitrary<String>>> paths = new ArrayList<>();
    paths.add(Tuple.of(4, Arbitraries.just("")));
    paths.add(
        Tuple.of(
            2,
            Arbitraries.oneOf(
                    Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(64),
                    Arbitraries.of("%00", "%zz", "a%2Fb", "..", "%C3%28", "x;y", "%20"))
                .map(key -> "/" + key)));
    if (!orders.configKeys().isEmpty()) {
      paths.add(Tuple.of(4, Arbitraries.of(orders.configKeys()).map(key -> "/" + key)));
    }
    return Arbitraries.frequencyOf(paths);
  }

  // ---- JSON endpoints: bodies of wrong types and shapes, invalid fields ----

  private Arbitrary<Hostile> jsonPosts() {
    return Arbitraries.of(JSON_POSTS)
        .flatMap(
            route ->
                Combinators.combine(badBody(route), contentTypes(), noise())
                    .as(
                        (body, type, noise) -> {
                          List<String> headers = new ArrayList<>(noise);
                          headers.add("Content-Type: " + type);
                          return new Hostile(
                              route,
                              body.defect,
                              null,
                              new RawHttp.Request("POST", route, headers, body.bytes));
                        }));
  }

  private record Body(String defect, byte[] bytes) {
    static Body of(String defect, String text) {
      return new Body(defect, text.getBytes(StandardCharsets.UTF_8));
    }
  }

  private Arbitrary<Body> badBody(String route) {
    return Arbitraries.frequencyOf(
        Tuple.of(3, notJson()),
        Tuple.of(2, notAnObject()),
        Tuple.of(2, duplicateKeys(route)),
        Tuple.of(6, withBadOrderNo(route)),
        Tuple.of(6, withBadField(route)));
  }

  private static Arbitrary<Body> notJson() {
    return Arbitraries.oneOf(
        Arbitraries.bytes().array(byte[].class).ofMaxSize(300).map(b -> new Body("bytes", b)),
        Arbitraries.strings().all().ofMaxLength(200).map(s -> Body.of("text", s)),
        Arbitraries.of(
                "",
                "{",
                "{\"orderNo\":",
                "{\"orderNo\":\"a\"",
                "{'orderNo':'a'}",
                "{\"orderNo\":\"a\",}",
                "{\"orderNo\":\"\\uD800\"",
                "{\"orderNo\" \"a\"}",
                "\uFEFF{\"orderNo\":",
                "{\"a\":" + "[".repeat(3000),
                "{\"a\":1e99999999}",
                "{\"orderNo\":\"a\"}{\"orderNo\":\"b\"}garbage")
            .map(s -> Body.of("broken-json", s)),
        // Bytes that are not UTF-8 inside an otherwise plausible body.
        Arbitraries.of("\"\u00ff\u00fe\"", "\"\u00c3\u0028\"", "\"\u00ed\u00a0\u0080\"")
            .map(
                latin ->
                    new Body(
                        "not-utf8",
                        ("{\"orderNo\":" + latin + "}").getBytes(StandardCharsets.ISO_8859_1))));
  }

  /**
   * A body that names a key twice, its first value one that would be accepted: refused, never read
   * as either value. On {@code /api/orders} the whole order would be valid, so reading the last
   * value would create an order (a state change the fuzz sees).
   */
  private Arbitrary<Body> duplicateKeys(String route) {
    Arbitrary<String> fresh =
        Arbitraries.strings().alpha().numeric().ofMinLength(8).ofMaxLength(20).map(n -> "DUP" + n);
    if (route.equals("/api/orders")) {
      return Combinators.combine(fresh, fresh, Arbitraries.of("orderNo", "amount", "currency"))
          .as(
              (first, second, twice) -> {
                Map<String, String> fields = new LinkedHashMap<>();
                fields.put("orderNo", first);
                fields.put("userId", "u-dup");
                fields.put("amount", "1.00");
                fields.put("currency", "CNY");
                fields.put("title", "Twice");
                String again =
                    switch (twice) {
                      case "orderNo" -> second;
                      case "amount" -> "2.00";
                      default -> "CNY";
                    };
                String json = Json.write(fields);
                return Body.of(
                    "duplicate-key",
                    json.substring(0, json.length() - 1) + ",\"" + twice + "\":\"" + again + "\"}");
              });
    }
    return Combinators.combine(Arbitraries.of(orders.all()), Arbitraries.of(orders.all()), fresh)
        .as(
            (first, second, key) ->
                Body.of(
                    "duplicate-key",
                    "{\"orderNo\":\""
                        + first
                        + "\",\"requestId\":\""
                        + key
                        + "\",\"orderNo\":\""
                        + second
                        + "\",\"requestId\":\""
                        + key
                        + "x\"}"));
  }

  private static Arbitrary<Body> notAnObject() {
    return Arbitraries.of(
            "[]",
            "[{\"orderNo\":\"a\"}]",
            "null",
            "true",
            "0",
            "-1e308",
            "\"orderNo\"",
            "123456789012345678901234567890")
        .map(s -> Body.of("not-an-object", s));
  }

  /** The order number is missing, of the wrong type, malformed, or names no order. */
  private Arbitrary<Body> withBadOrderNo(String route) {
    // A new order's number is well formed by definition: only a malformed one is a defect there.
    Arbitrary<Object> numbers =
        route.equals("/api/orders")
            ? badOrderNo().filter(n -> !(n instanceof String s && s.matches("[A-Za-z0-9_-]{1,64}")))
            : badOrderNo();
    return Combinators.combine(numbers, otherFields(route))
        .as(
            (orderNo, fields) -> {
              Map<String, Object> body = new LinkedHashMap<>(fields);
              if (orderNo == MISSING) {
                body.remove("orderNo");
              } else {
                body.put("orderNo", orderNo);
              }
              return Body.of("bad-orderNo", Json.write(body));
            });
  }

  private static final Object MISSING = new Object();

  static Arbitrary<Object> badOrderNo() {
    return Arbitraries.oneOf(
        Arbitraries.just(MISSING),
        Arbitraries.of(Json.NULL, 42, -1.5, true, List.of("a"), Map.of("a", 1)),
        Arbitraries.strings().all().ofMaxLength(80).filter(s -> !s.matches("[A-Za-z0-9_-]{1,64}")),
        Arbitraries.strings().alpha().numeric().ofLength(65),
        Arbitraries.of("", " ", "a b", "a\u0000", "../etc", "a%00", "\u00e9", "a;b", "<script>")
            .map(s -> (Object) s),
        // Well formed, but no such order.
        Arbitraries.strings()
            .alpha()
            .numeric()
            .ofMinLength(20)
            .ofMaxLength(64)
            .map(s -> "X" + s)
            .map(s -> (Object) s));
  }

  /** The route's other fields, valid or not: they only add noise to a bad order number. */
  private Arbitrary<Map<String, Object>> otherFields(String route) {
    return Combinators.combine(anyValue(), anyValue(), anyValue(), anyValue())
        .as(
            (a, b, c, d) -> {
              Map<String, Object> fields = new LinkedHashMap<>();
              switch (route) {
                case "/api/orders" -> {
                  fields.put("userId", a);
                  fields.put("amount", b);
                  fields.put("currency", "CNY");
                  fields.put("title", c);
                }
                case "/pay/alipay/precreate", "/pay/wechat/precreate" -> {
                  fields.put("refresh", a);
                  fields.put("requestId", b);
                }
                case "/pay/alipay/barcode", "/pay/wechat/barcode" -> {
                  fields.put("authCode", "28" + "7".repeat(16));
                  fields.put("requestId", b);
                }
                case "/pay/refund" -> {
                  fields.put("outRequestNo", a);
                  fields.put("amount", b);
                  fields.put("reason", c);
                }
                default -> fields.put("extra", d);
              }
              return fields;
            });
  }

  static Arbitrary<Object> anyValue() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(40).map(s -> (Object) s),
        Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(64).map(s -> (Object) s),
        Arbitraries.integers().map(i -> (Object) i),
        Arbitraries.doubles().map(d -> (Object) d),
        Arbitraries.of(Json.NULL, true, false, List.of(), Map.of(), "12.34", "0.01", "1e3"));
  }

  /**
   * A real order, and another field that is invalid for sure (a value of the wrong type, or one the
   * endpoint refuses): the request gets past the order number and must still change nothing.
   */
  private Arbitrary<Body> withBadField(String route) {
    Arbitrary<String> order = Arbitraries.of(orders.all());
    return switch (route) {
      case "/api/orders" -> badOrder();
      case "/pay/alipay/precreate", "/pay/wechat/precreate" ->
          Combinators.combine(order, badRequestId(), wrongType())
              .as(
                  (orderNo, requestId, refresh) ->
                      Body.of(
                          "bad-field",
                          Json.write(
                              orderedMap(
                                  "orderNo",
                                  orderNo,
                                  "requestId",
                                  requestId,
                                  "refresh",
                                  refresh))));
      case "/pay/alipay/barcode", "/pay/wechat/barcode" ->
          Combinators.combine(order, badAuthCode())
              .as(
                  (orderNo, authCode) ->
                      Body.of(
                          "bad-field",
                          Json.write(
                              orderedMap(
                                  "orderNo", orderNo, "authCode", authCode, "requestId", "r1"))));
      case "/pay/refund" -> badRefund();
      // Close takes nothing but the number: a real order's close is valid, so close gets a
      // wrong-typed number of a real order instead.
      default ->
          order.map(
              orderNo -> Body.of("bad-field", Json.write(Map.of("orderNo", List.of(orderNo)))));
    };
  }

  private Arbitrary<Body> badOrder() {
    Arbitrary<String> newNo =
        Arbitraries.strings().alpha().numeric().ofMinLength(10).ofMaxLength(40).map(s -> "N" + s);
    Arbitrary<Map<String, Object>> bad =
        Arbitraries.oneOf(
            Arbitraries.of(BAD_AMOUNTS).map(a -> orderedMap("amount", a)),
            Arbitraries.of("cny", "USD", "XXX", "", "CNYY", "人民币")
                .map(c -> orderedMap("currency", c)),
            badText(256).map(t -> orderedMap("title", t)),
            badText(64).map(u -> orderedMap("userId", u)),
            badUrl().map(u -> orderedMap("notifyUrl", u)),
            wrongType().map(v -> orderedMap("amount", v)),
            wrongType().map(v -> orderedMap("title", v)));
    return Combinators.combine(newNo, bad)
        .as(
            (orderNo, field) -> {
              Map<String, Object> body =
                  orderedMap(
                      "orderNo",
                      orderNo,
                      "userId",
                      "u1",
                      "amount",
                      "1.00",
                      "currency",
                      "CNY",
                      "title",
                      "t");
              body.putAll(field);
              return Body.of("bad-field", Json.write(body));
            });
  }

  /**
   * A webhook destination no app or order may name: not absolute http(s), too long, not text. (A
   * blank one names none: the app's or the order's default, a valid request.)
   */
  static Arbitrary<Object> badUrl() {
    return Arbitraries.oneOf(
        Arbitraries.of(
                "not a url",
                "/relative/path",
                "ftp://shop.example/notify",
                "javascript:alert(1)",
                "http://",
                "http://[::1",
                "http://user:pw@shop.example/notify",
                "https://shop.example/notify#fragment",
                "http://shop.example/%zz notify",
                "https://shop.example/" + "n".repeat(520))
            .map(u -> (Object) u),
        wrongType());
  }

  private Arbitrary<Body> badRefund() {
    Arbitrary<Map<String, Object>> bad =
        Arbitraries.oneOf(
            Arbitraries.of(BAD_AMOUNTS).map(a -> orderedMap("amount", a)),
            Arbitraries.of("999999.99", "100000000.01").map(a -> orderedMap("amount", a)),
            badRequestId().map(r -> orderedMap("outRequestNo", r)),
            badText(256).filter(t -> t.length() > 256).map(t -> orderedMap("reason", t)),
            wrongType().map(v -> orderedMap("amount", v)));
    return Combinators.combine(Arbitraries.of(orders.all()), bad)
        .as(
            (orderNo, field) -> {
              Map<String, Object> body =
                  orderedMap(
                      "orderNo", orderNo, "outRequestNo", "R1", "amount", "0.01", "reason", "r");
              body.putAll(field);
              return Body.of("bad-field", Json.write(body));
            });
  }

  private static final List<String> BAD_AMOUNTS =
      List.of(
          "",
          " ",
          "0",
          "0.00",
          "-1",
          "-0.01",
          "1.234",
          "1e3",
          "1E-2",
          "abc",
          "NaN",
          "Infinity",
          "١٢",
          "12,34",
          "0x10",
          "+1",
          ".5",
          "5.",
          "99999999999999999999",
          "1.0.0",
          "\u00001");

  private static Arbitrary<Object> badRequestId() {
    return Arbitraries.oneOf(
        Arbitraries.of("", " ", "a b", "\u00e9", "a\u0000", "\t").map(s -> (Object) s),
        Arbitraries.strings().ascii().ofLength(65).map(s -> (Object) s),
        Arbitraries.of(List.of(1), Map.of("a", 1)).map(v -> (Object) v));
  }

  private static Arbitrary<Object> badAuthCode() {
    return Arbitraries.oneOf(
        Arbitraries.strings().numeric().ofMaxLength(15).map(s -> (Object) s),
        Arbitraries.strings().numeric().ofMinLength(25).ofMaxLength(40).map(s -> (Object) s),
        Arbitraries.of("28abcdefabcdefabcd", "", " 287777777777777777", "-1").map(s -> (Object) s),
        wrongType());
  }

  /** Text a field refuses: blank, too long, or with control characters. */
  static Arbitrary<String> badText(int max) {
    return Arbitraries.oneOf(
        Arbitraries.of("", " ", "\t\n"),
        Arbitraries.strings().all().ofLength(max + 1),
        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20).map(s -> s + "\u0000" + s),
        Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(20).map(s -> s + "\r\n" + s));
  }

  private static Arbitrary<Object> wrongType() {
    return Arbitraries.of(List.of("a"), Map.of("a", 1), List.of(), Map.of());
  }

  private static Arbitrary<String> contentTypes() {
    return Arbitraries.frequencyOf(
        Tuple.of(10, Arbitraries.just("application/json")),
        Tuple.of(
            4,
            Arbitraries.of(
                "application/json; charset=utf-8",
                "application/json;charset=UTF-8",
                "application/json; charset=iso-8859-1",
                "application/json; charset=utf-16",
                "application/json; charset=gbk",
                "application/json; charset=\"utf-8\"",
                "APPLICATION/JSON",
                "application/problem+json",
                "application/json; foo=bar")));
  }

  /** Headers that must not matter: ids, keys, accepts and junk, valid or not. */
  private static Arbitrary<List<String>> noise() {
    return Arbitraries.of(
            "Idempotency-Key: k1",
            "Idempotency-Key: ",
            "Idempotency-Key: " + "k".repeat(200),
            "Idempotency-Key: \u00e9\u00e8",
            "X-Client-Id: shop-1",
            "X-Client-Id: ../../etc/passwd",
            "X-Client-Id: " + "c".repeat(500),
            "Accept: application/json",
            "Accept: */*",
            "Accept: text/html",
            "Accept: image/png",
            "Accept: application/xml;q=0.9, */*;q=0.1",
            "Accept: ;;;",
            "Accept-Charset: utf-7",
            "Accept-Encoding: gzip, deflate, br",
            "Content-Encoding: gzip",
            "Expect: 100-continue",
            "Cookie: JSESSIONID=abc; a=b",
            // The pages' language cookie, naming no locale: ignored on every route.
            "Cookie: payonce-lang=%ZZ",
            "Cookie: payonce-lang=__",
            "Cookie: payonce-lang=zh_CN_x_y!; a=b",
            "Authorization: Basic b3BzOndyb25n",
            "Authorization: Bearer \u00ff",
            "X-Forwarded-For: 1.2.3.4, ::1, junk",
            "Origin: https://evil.example",
            "Range: bytes=0-1",
            "X-HTTP-Method-Override: DELETE",
            "X-Junk: \u00c3\u00a9")
        .list()
        .ofMaxSize(4);
  }

  // ---- GET endpoints: bad parameters and paths ----

  private Arbitrary<Hostile> gets() {
    return Arbitraries.of(GET_ROUTES)
        .flatMap(
            route ->
                Combinators.combine(
                        Arbitraries.just(route),
                        route.startsWith("/api/pay/get-token") ? badUserId() : badParameter(),
                        noise())
                    .as(HostileRequests::get));
  }

  private static Hostile get(String route, String value, List<String> noise) {
    String target;
    if (route.endsWith("=")) {
      target = route + value;
    } else if (route.contains("{}")) {
      target = route.replace("{}", value);
    } else if (route.equals("/")) {
      target = "/?x=" + value;
    } else if (route.endsWith("/")) {
      target = route + value;
    } else {
      target = route + "?x=" + value;
    }
    return new Hostile(
        route, "bad-parameter", null, new RawHttp.Request("GET", target, noise, null));
  }

  /** A user id the token endpoint refuses: blank, too long, control characters, not UTF-8. */
  private static Arbitrary<String> badUserId() {
    return Arbitraries.oneOf(
        badText(64).map(HostileRequests::encode),
        Arbitraries.of("", "%00", "a%00b", "%20", "a%0d%0aX-Injected:%201", "%C0%AE", "%u0041"));
  }

  /** A parameter value, percent-encoded as a client would send it, that no route accepts. */
  private static Arbitrary<String> badParameter() {
    return Arbitraries.oneOf(
        badText(64).map(HostileRequests::encode),
        Arbitraries.strings()
            .all()
            .ofMaxLength(80)
            .filter(s -> !s.matches("[A-Za-z0-9_-]{1,64}"))
            .map(HostileRequests::encode),
        Arbitraries.of(
            "",
            "%00",
            "a%00b",
            "%2e%2e%2f",
            "..%2F..%2F",
            "a%2Fb",
            "a%5Cb",
            "%C0%AE",
            "%u0041",
            "%25",
            "a+b",
            "%20",
            "a;b=c",
            "a%0d%0aX-Injected:%201"));
  }

  // ---- Alipay's notify: forged, malformed, oversized, oddly encoded ----

  private Arbitrary<Hostile> notifies() {
    Arbitrary<Map<String, String>> fields =
        Combinators.combine(
                Arbitraries.of(orders.outTradeNos()).injectNull(0.3),
                Arbitraries.of("TRADE_SUCCESS", "TRADE_FINISHED", "TRADE_CLOSED", "WAIT_BUYER_PAY"),
                notifyValue(),
                // The app id routes a notify to the account it names: the stored ones too.
                orders.alipayAppIds().isEmpty()
                    ? notifyValue()
                    : Arbitraries.oneOf(notifyValue(), Arbitraries.of(orders.alipayAppIds())),
                forgedSign())
            .as(
                (outTradeNo, status, amount, appId, sign) -> {
                  Map<String, String> form = new LinkedHashMap<>();
                  form.put("notify_id", "n1");
                  form.put("out_trade_no", outTradeNo == null ? "P" + amount : outTradeNo);
                  form.put("trade_no", "2026" + amount);
                  form.put("trade_status", status);
                  form.put("total_amount", amount);
                  form.put("app_id", appId);
                  form.put("sign_type", "RSA2");
                  if (sign != null) {
                    form.put("sign", sign);
                  }
                  return form;
                });
    return Combinators.combine(fields, notifyEncoding(), accountPaths(), noise())
        .as(
            (form, encoding, account, noise) -> {
              List<String> headers = new ArrayList<>(noise);
              headers.add("Content-Type: " + encoding.contentType);
              String path = NOTIFY + account;
              String target = encoding.inQuery ? path + "?" + encoding.encode(form) : path;
              byte[] body = encoding.inQuery ? new byte[0] : encoding.body(form);
              return new Hostile(
                  account.isEmpty() ? NOTIFY : NOTIFY + "/{configKey}",
                  "forged-" + encoding.name,
                  failureReplyOf(NOTIFY),
                  new RawHttp.Request("POST", target, headers, body));
            });
  }

  private static Arbitrary<String> notifyValue() {
    return Arbitraries.oneOf(
        Arbitraries.of("0.01", "12.34", "-1", "1e9", "", "abc", "2021000000000001"),
        Arbitraries.strings().all().ofMaxLength(300),
        Arbitraries.strings().alpha().ofLength(2000));
  }

  private static Arbitrary<String> forgedSign() {
    return Arbitraries.oneOf(
        Arbitraries.just(null),
        Arbitraries.of("", " ", "null", "=", "%%%"),
        Arbitraries.strings()
            .withChars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
            .ofLength(344)
            .map(s -> s.substring(0, 342) + "=="),
        Arbitraries.strings().all().ofMaxLength(500));
  }

  private record Encoding(String name, String contentType, boolean inQuery, String charset) {

    String encode(Map<String, String> form) {
      StringBuilder out = new StringBuilder();
      form.forEach(
          (k, v) ->
              out.append(out.isEmpty() ? "" : "&")
                  .append(URLEncoder.encode(k, StandardCharsets.UTF_8))
                  .append('=')
                  .append(URLEncoder.encode(v, java.nio.charset.Charset.forName(charset))));
      return out.toString();
    }

    byte[] body(Map<String, String> form) {
      return switch (name) {
        case "json" -> Json.write(new LinkedHashMap<>(form)).getBytes(StandardCharsets.UTF_8);
        case "raw-utf8" -> rawForm(form).getBytes(StandardCharsets.UTF_8);
        case "duplicated" -> (encode(form) + "&" + encode(form)).getBytes(StandardCharsets.UTF_8);
        case "broken-escape" -> (encode(form) + "&x=%zz%").getBytes(StandardCharsets.UTF_8);
        case "huge" ->
            (encode(form) + "&pad=" + "p".repeat(70_000)).getBytes(StandardCharsets.UTF_8);
        default -> encode(form).getBytes(StandardCharsets.US_ASCII);
      };
    }

    private static String rawForm(Map<String, String> form) {
      StringBuilder out = new StringBuilder();
      form.forEach((k, v) -> out.append(out.isEmpty() ? "" : "&").append(k).append('=').append(v));
      return out.toString();
    }
  }

  private static Arbitrary<Encoding> notifyEncoding() {
    String form = "application/x-www-form-urlencoded";
    return Arbitraries.of(
        new Encoding("form", form + "; charset=utf-8", false, "UTF-8"),
        new Encoding("form-gbk", form + "; charset=GBK", false, "GBK"),
        new Encoding("form-latin1", form + "; charset=iso-8859-1", false, "ISO-8859-1"),
        new Encoding("form-utf16", form + "; charset=utf-16", false, "UTF-16"),
        new Encoding("form-bogus-charset", form + "; charset=bogus", false, "UTF-8"),
        new Encoding("raw-utf8", form, false, "UTF-8"),
        new Encoding("duplicated", form, false, "UTF-8"),
        new Encoding("broken-escape", form, false, "UTF-8"),
        new Encoding("huge", form, false, "UTF-8"),
        new Encoding("query", form, true, "UTF-8"),
        new Encoding("json", "application/json", false, "UTF-8"),
        new Encoding("text", "text/plain", false, "UTF-8"),
        new Encoding("multipart-no-boundary", "multipart/form-data", false, "UTF-8"),
        new Encoding("multipart", "multipart/form-data; boundary=xyz", false, "UTF-8"));
  }

  // ---- Any route: what breaks the request around the body ----

  private Arbitrary<Hostile> transport() {
    Arbitrary<String> routes =
        Arbitraries.of(
            "/api/orders",
            "/pay/alipay/precreate",
            "/pay/alipay/barcode",
            "/pay/close",
            "/pay/refund",
            "/pay/query",
            "/pay/refunds",
            "/api/pay/get-token",
            NOTIFY);
    return Combinators.combine(routes, Arbitraries.of(TransportDefect.class), validish())
        .as((route, defect, body) -> defect.apply(route, body, orders, failureReplyOf(route)));
  }

  /** A body that would be valid on its own: the transport defect alone must stop it. */
  private Arbitrary<String> validish() {
    return Arbitraries.of(orders.all())
        .map(
            orderNo ->
                Json.write(
                    orderedMap(
                        "orderNo",
                        orderNo,
                        "userId",
                        "u1",
                        "amount",
                        "0.01",
                        "currency",
                        "CNY",
                        "title",
                        "t",
                        "outRequestNo",
                        "R9",
                        "authCode",
                        "287777777777777777")));
  }

  enum TransportDefect {
    BROKEN_QUERY_ESCAPE,
    QUERY_NOT_UTF8,
    MULTIPART_WITHOUT_BOUNDARY,
    MALFORMED_CONTENT_TYPE,
    UNKNOWN_CHARSET,
    WRONG_CONTENT_TYPE,
    NO_CONTENT_TYPE,
    OVERSIZED_BODY,
    OVERSIZED_CHUNKED_BODY,
    BROKEN_CHUNKS,
    SHORT_BODY,
    WRONG_METHOD;

    Hostile apply(String route, String body, Orders orders, String failureReply) {
      boolean callback = failureReply != null;
      boolean get =
          route.startsWith("/pay/query")
              || route.startsWith("/pay/refunds")
              || route.startsWith("/api/pay/get-token");
      String method = get ? "GET" : "POST";
      String query =
          switch (route) {
            case "/pay/query", "/pay/refunds" -> "?orderNo=" + orders.paying();
            case "/api/pay/get-token" -> "?userId=u1";
            default -> "";
          };
      String json = "Content-Type: application/json";
      RawHttp.Request request =
          switch (this) {
            case BROKEN_QUERY_ESCAPE ->
                RawHttp.Request.of(
                    method,
                    route + sep(query) + "x=%zz" + query.replace("?", "&"),
                    List.of(json),
                    get ? null : body);
            case QUERY_NOT_UTF8 ->
                RawHttp.Request.of(
                    method,
                    route + query + sep(query) + "y=%C3%28%FF",
                    List.of(json),
                    get ? null : body);
            case MULTIPART_WITHOUT_BOUNDARY ->
                RawHttp.Request.of(
                    method, route + query, List.of("Content-Type: multipart/form-data"), body);
            case MALFORMED_CONTENT_TYPE ->
                RawHttp.Request.of(method, route + query, List.of("Content-Type: json/"), body);
            case UNKNOWN_CHARSET ->
                RawHttp.Request.of(
                    method,
                    route + query,
                    List.of("Content-Type: application/json; charset=x-bogus"),
                    body);
            case WRONG_CONTENT_TYPE ->
                RawHttp.Request.of(
                    "POST",
                    route + query,
                    List.of(
                        callback ? "Content-Type: application/xml" : "Content-Type: text/plain"),
                    callback ? "<xml/>" : body);
            case NO_CONTENT_TYPE ->
                RawHttp.Request.of("POST", route + query, List.of(), callback ? "" : body);
            case OVERSIZED_BODY ->
                RawHttp.Request.of(method, route + query, List.of(json), pad(body, 70_000));
            case OVERSIZED_CHUNKED_BODY ->
                chunked(method, route + query, List.of(json), pad(body, 70_000));
            case BROKEN_CHUNKS ->
                new RawHttp.Request(
                    method,
                    route + query,
                    List.of(json, "Transfer-Encoding: chunked"),
                    "zz\r\nabc\r\n0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            case SHORT_BODY ->
                new RawHttp.Request(
                    method,
                    route + query,
                    List.of(json, "Content-Length: 500"),
                    body.getBytes(StandardCharsets.UTF_8));
            case WRONG_METHOD ->
                RawHttp.Request.of(get ? "DELETE" : "PUT", route + query, List.of(json), body);
          };
      return new Hostile(route, name(), failureReply, request);
    }

    private static String sep(String query) {
      return query.isEmpty() ? "?" : "&";
    }

    private static String pad(String json, int size) {
      return json.substring(0, json.length() - 1) + ",\"pad\":\"" + "p".repeat(size) + "\"}";
    }
  }

  static RawHttp.Request chunked(String method, String target, List<String> headers, String body) {
    StringBuilder chunks = new StringBuilder();
    for (int at = 0; at < body.length(); at += 4096) {
      String chunk = body.substring(at, Math.min(body.length(), at + 4096));
      chunks
          .append(Integer.toHexString(chunk.length()))
          .append("\r\n")
          .append(chunk)
          .append("\r\n");
    }
    chunks.append("0\r\n\r\n");
    List<String> all = new ArrayList<>(headers);
    all.add("Transfer-Encoding: chunked");
    return new RawHttp.Request(
        method, target, all, chunks.toString().getBytes(StandardCharsets.UTF_8));
  }

  // ---- HTTP itself: request lines and headers Tomcat must refuse ----

  private Arbitrary<Hostile> protocol() {
    return Arbitraries.of(
            "GET /pay/query?orderNo=a b HTTP/1.1\r\n",
            "GET /pay/query?orderNo={x} HTTP/1.1\r\n",
            "GET /pay/query?orderNo=\u0001 HTTP/1.1\r\n",
            "GET /pay/query?orderNo=a\"<> HTTP/1.1\r\n",
            "GET /api/orders/%ZZ HTTP/1.1\r\n",
            "GET /api/orders/a%2Fb HTTP/1.1\r\n",
            "GET /api/orders/a%00b HTTP/1.1\r\n",
            "GET /api/orders/..%2f..%2f HTTP/1.1\r\n",
            "GET /api/orders/a;x=y HTTP/1.1\r\n",
            "GET //api//orders HTTP/1.1\r\n",
            "GET /api/orders/\u00e9 HTTP/1.1\r\n",
            "GET http://evil.example/pay/query?orderNo=a HTTP/1.1\r\n",
            "GET * HTTP/1.1\r\n",
            "FOO /pay/query?orderNo=a HTTP/1.1\r\n",
            "get /pay/query?orderNo=a HTTP/1.1\r\n",
            "TRACE /pay/query HTTP/1.1\r\n",
            "OPTIONS /pay/close HTTP/1.1\r\n",
            "CONNECT 127.0.0.1:80 HTTP/1.1\r\n",
            "POST /pay/close HTTP/1.0\r\n",
            "GET /pay/query HTTP/1.1 extra\r\n",
            "GET /pay/query\r\n")
        .flatMap(
            line ->
                Arbitraries.<List<String>>of(
                        List.of(),
                        List.of("X-Big: " + "b".repeat(9 * 1024)),
                        List.of("Bad Header: x"),
                        List.of("X-Ctl: a\u0001b"),
                        List.of("Content-Length: 2", "Content-Length: 3"),
                        List.of("Content-Length: -1"),
                        List.of("Content-Length: 2", "Transfer-Encoding: chunked"),
                        List.of("Transfer-Encoding: gzip"),
                        List.of(" folded: header"),
                        List.of("Content-Type: application/json", "Content-Type: text/plain"))
                    .map(headers -> protocolRequest(line, headers)));
  }

  private static Hostile protocolRequest(String line, List<String> headers) {
    StringBuilder head = new StringBuilder(line).append("Host: 127.0.0.1\r\n");
    headers.forEach(h -> head.append(h).append("\r\n"));
    head.append("Connection: close\r\n\r\n");
    String route = line.substring(line.indexOf(' ') + 1).split("[ ?]")[0];
    return new Hostile(
        route, "protocol", null, null, head.toString().getBytes(StandardCharsets.ISO_8859_1));
  }

  static Map<String, Object> orderedMap(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  /** A tiny JSON writer that writes what it is given, including what Jackson would refuse. */
  static final class Json {

    static final Object NULL = new Object();

    static String write(Object value) {
      StringBuilder out = new StringBuilder();
      append(out, value);
      return out.toString();
    }

    private static void append(StringBuilder out, Object value) {
      if (value == NULL || value == null) {
        out.append("null");
      } else if (value instanceof String s) {
        out.append('"');
        for (char c : s.toCharArray()) {
          switch (c) {
            case '"' -> out.append("\\\"");
            case '\\' -> out.append("\\\\");
            default -> {
              if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
              } else {
                out.append(c);
              }
            }
          }
        }
        out.append('"');
      } else if (value instanceof Map<?, ?> map) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
          out.append(first ? "" : ",");
          append(out, String.valueOf(e.getKey()));
          out.append(':');
          append(out, e.getValue());
          first = false;
        }
        out.append('}');
      } else if (value instanceof List<?> list) {
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
          out.append(i == 0 ? "" : ",");
          append(out, list.get(i));
        }
        out.append(']');
      } else if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
        out.append(d.isNaN() ? "NaN" : "1e999");
      } else {
        out.append(value);
      }
    }
  }
}
