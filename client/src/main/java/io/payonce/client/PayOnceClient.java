package io.payonce.client;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The PayOnce merchant API: orders, checkout sessions, QR codes and payment codes, queries, closes
 * and refunds. Every request is signed with the app's secret ({@link RequestSigner}). A failed
 * attempt is retried by the {@link RetryPolicy} — a network error, 429, 503, or a 409 that names a
 * Retry-After — and a retried POST carries the same {@code Idempotency-Key} as its first attempt,
 * drawn once per call or given by the caller ({@link IdempotencyKey}): the server answers the
 * repeat from its first outcome, so nothing is charged or refunded twice. Problems become typed
 * exceptions ({@link PayOnceProblemException} and its subclasses). Thread-safe; build one per app
 * and keep it.
 *
 * <pre>{@code
 * PayOnceClient payonce = PayOnceClient.builder()
 *     .baseUrl("https://pay.example.com").appId(appId).secret(secret).build();
 * Order order = payonce.createOrder(NewOrder.cny("order-1001", "user-7", "12.34", "Tea"));
 * }</pre>
 */
public final class PayOnceClient {

  /** The header that makes a POST idempotent on the server (precreate, barcode, refund). */
  public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

  private static final String JSON_TYPE = "application/json";
  private static final String PROBLEM_TYPE = "application/problem+json";
  private static final SecureRandom RANDOM = new SecureRandom();
  // The server's type for "no resource at this address" (its ProblemType.NOT_FOUND).
  private static final URI NOT_FOUND = URI.create("https://payonce.io/problems/not-found");

  private final URI baseUrl;
  private final RequestSigner signer;
  private final HttpClient http;
  private final Duration requestTimeout;
  private final Clock clock;
  private final RetryPolicy retries;
  private final Sleeper sleeper;
  private final JsonMapper json;

  private PayOnceClient(Builder builder) {
    this.baseUrl = URI.create(stripSlash(Objects.requireNonNull(builder.baseUrl, "baseUrl")));
    this.signer =
        new RequestSigner(
            Objects.requireNonNull(builder.appId, "appId"),
            Objects.requireNonNull(builder.secret, "secret"));
    this.http =
        HttpClient.newBuilder()
            // HTTP/1.1: one request per connection at a time, nothing negotiated.
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(builder.connectTimeout)
            .build();
    this.requestTimeout = builder.requestTimeout;
    this.clock = builder.clock;
    this.retries = builder.retries;
    this.sleeper = builder.sleeper;
    this.json =
        JsonMapper.builder()
            // The API adds fields over time; an old client must keep working.
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
  }

  public static Builder builder() {
    return new Builder();
  }

  // ---- Orders

  /**
   * Creates the order (or answers it again when the same fields come under the same number).
   *
   * @throws ConflictException the number exists with other fields ({@code conflict})
   * @throws ValidationException a field is invalid ({@link ValidationException#errors()})
   */
  public Order createOrder(NewOrder order) {
    return post("/api/orders", order, Order.class);
  }

  /**
   * The order with its payments.
   *
   * @throws NotFoundException no such order for this app
   */
  public Order getOrder(String orderNo) {
    return get("/api/orders/" + segment(orderNo), null, Order.class);
  }

  /**
   * Closes the unpaid order (and its open payment at the channel); closing it again is harmless.
   *
   * @throws ConflictException the order is paid ({@code order-paid})
   */
  public ClosedOrder closeOrder(String orderNo) {
    return post("/pay/close", Map.of("orderNo", orderNo), ClosedOrder.class);
  }

  /** Opens a checkout session: where to send the buyer to pay on PayOnce's cashier page. */
  public CheckoutSession openCheckout(String orderNo) {
    return post("/api/orders/" + segment(orderNo) + "/checkout", null, CheckoutSession.class);
  }

  // ---- Payments

  /**
   * The order's QR code on the channel; asking again answers the same code.
   *
   * @throws ConflictException the order is paid or closed, or its code expired ({@code
   *     payment-expired}: use {@link #refreshQrCode})
   */
  public QrCode precreate(Channel channel, String orderNo) {
    return precreate(channel, orderNo, IdempotencyKey.random());
  }

  /**
   * {@link #precreate(Channel, String)} under the caller's own key: asked again with the same key,
   * even from another process, it is answered from the first outcome.
   */
  public QrCode precreate(Channel channel, String orderNo, IdempotencyKey key) {
    return post(
        "/pay/" + channel.path() + "/precreate", Map.of("orderNo", orderNo), QrCode.class, key);
  }

  /** A new QR code for the order, the old one closed first. */
  public QrCode refreshQrCode(Channel channel, String orderNo) {
    return refreshQrCode(channel, orderNo, IdempotencyKey.random());
  }

  /**
   * {@link #refreshQrCode(Channel, String)} under the caller's own key: a refresh asked again with
   * the same key answers the code it made, and does not close it for yet another.
   */
  public QrCode refreshQrCode(Channel channel, String orderNo, IdempotencyKey key) {
    return post(
        "/pay/" + channel.path() + "/precreate",
        Map.of("orderNo", orderNo, "refresh", true),
        QrCode.class,
        key);
  }

  /**
   * The order's hand-off for an online product on the channel: a page to send the buyer's browser
   * to, the signed parameters for the channel's SDK in the merchant's app, or for its JS bridge.
   * Asking again answers the same one; asking for another product or channel closes the first at
   * the channel before it opens the new one.
   *
   * @throws NotFoundException the channel does not offer the product to this app
   * @throws ValidationException a field the product needs is missing (a JSAPI buyer's id)
   * @throws ConflictException the order is paid or closed, or its hand-off expired ({@code
   *     payment-expired}: use {@link #refreshHandoff})
   */
  public Handoff handOff(Channel channel, Product product, String orderNo, Buyer buyer) {
    return handOff(channel, product, orderNo, buyer, IdempotencyKey.random());
  }

  /**
   * {@link #handOff(Channel, Product, String, Buyer)} under the caller's own key: asked again with
   * the same key, even from another process, it is answered from the first outcome.
   */
  public Handoff handOff(
      Channel channel, Product product, String orderNo, Buyer buyer, IdempotencyKey key) {
    return post(
        "/pay/" + channel.path() + "/" + product.path(),
        handoffBody(orderNo, buyer, false),
        Handoff.class,
        key);
  }

  /** A new hand-off for the order, the old one closed at the channel first. */
  public Handoff refreshHandoff(Channel channel, Product product, String orderNo, Buyer buyer) {
    return post(
        "/pay/" + channel.path() + "/" + product.path(),
        handoffBody(orderNo, buyer, true),
        Handoff.class,
        IdempotencyKey.random());
  }

  private static Map<String, Object> handoffBody(String orderNo, Buyer buyer, boolean refresh) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    if (refresh) {
      body.put("refresh", true);
    }
    Map<String, String> given = new LinkedHashMap<>();
    Buyer b = buyer == null ? Buyer.none() : buyer;
    putIfGiven(given, "returnUrl", b.returnUrl());
    putIfGiven(given, "quitUrl", b.quitUrl());
    putIfGiven(given, "clientIp", b.clientIp());
    putIfGiven(given, "channelUserId", b.channelUserId());
    if (!given.isEmpty()) {
      body.put("buyer", given);
    }
    return body;
  }

  private static void putIfGiven(Map<String, String> fields, String name, String value) {
    if (value != null) {
      fields.put(name, value);
    }
  }

  /**
   * Charges the buyer's payment code (the 16 to 24 digits their wallet shows).
   *
   * @throws PayOnceProblemException {@code payment-refused} (402) when the channel refused it
   */
  public BarcodePayment payWithBarcode(Channel channel, String orderNo, String authCode) {
    return payWithBarcode(channel, orderNo, authCode, IdempotencyKey.random());
  }

  /**
   * {@link #payWithBarcode(Channel, String, String)} under the caller's own key: a till that
   * restarts mid-payment asks again with the key it stored and gets the first outcome.
   */
  public BarcodePayment payWithBarcode(
      Channel channel, String orderNo, String authCode, IdempotencyKey key) {
    return post(
        "/pay/" + channel.path() + "/barcode",
        Map.of("orderNo", orderNo, "authCode", authCode),
        BarcodePayment.class,
        key);
  }

  /** The order's status and main payment, current with the channel. */
  public OrderQuery query(String orderNo) {
    return get("/pay/query", "orderNo=" + encoded(orderNo), OrderQuery.class);
  }

  /** One payment with its whole history. */
  public PaymentDetails getPayment(String outTradeNo) {
    return get("/api/payments/" + segment(outTradeNo), null, PaymentDetails.class);
  }

  /** A one-time pay token for the buyer's page. */
  public PayToken payToken(String userId) {
    return get("/api/pay/get-token", "userId=" + encoded(userId), PayToken.class);
  }

  // ---- Refunds

  /**
   * Refunds {@code amount} (a decimal string) of the paid order. {@code outRequestNo} names the
   * refund: the same number again is the same refund. A {@link Refund#pending() pending} refund
   * (the channel's answer is not known yet) is completed by PayOnce; follow it with {@link
   * #refunds}.
   *
   * @throws ConflictException {@code order-not-paid}, or the number was used with other fields
   * @throws UnprocessableException {@code refund-exceeds-payment} (422)
   */
  public Refund refund(String orderNo, String outRequestNo, String amount, String reason) {
    return refund(orderNo, outRequestNo, amount, reason, IdempotencyKey.random());
  }

  /**
   * {@link #refund(String, String, String, String)} under the caller's own key as well as its
   * {@code outRequestNo}.
   */
  public Refund refund(
      String orderNo, String outRequestNo, String amount, String reason, IdempotencyKey key) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", orderNo);
    body.put("outRequestNo", outRequestNo);
    body.put("amount", amount);
    if (reason != null) {
      body.put("reason", reason);
    }
    return post("/pay/refund", body, Refund.class, key);
  }

  /** The order's refunds, oldest first. */
  public List<Refund> refunds(String orderNo) {
    return get("/pay/refunds", "orderNo=" + encoded(orderNo), new TypeReference<List<Refund>>() {});
  }

  /**
   * The refund of the order with this number.
   *
   * @throws NotFoundException no such order, or the order has no refund of this number (made here,
   *     with the server's {@code not-found} type: a caller switches on one slug for both)
   */
  public Refund refund(String orderNo, String outRequestNo) {
    return refunds(orderNo).stream()
        .filter(refund -> outRequestNo.equals(refund.outRequestNo()))
        .findFirst()
        .orElseThrow(
            () ->
                new NotFoundException(
                    404,
                    NOT_FOUND,
                    "Not found",
                    "No refund " + outRequestNo + " of order " + orderNo,
                    List.of(),
                    Map.of(),
                    null));
  }

  // ---- HTTP

  private <T> T get(String path, String rawQuery, Class<T> type) {
    return json.readValue(call("GET", path, rawQuery, null, null), type);
  }

  private <T> T get(String path, String rawQuery, TypeReference<T> type) {
    return json.readValue(call("GET", path, rawQuery, null, null), type);
  }

  private <T> T post(String path, Object body, Class<T> type) {
    return post(path, body, type, IdempotencyKey.random());
  }

  private <T> T post(String path, Object body, Class<T> type, IdempotencyKey key) {
    byte[] bytes = body == null ? new byte[0] : json.writeValueAsBytes(body);
    return json.readValue(
        call("POST", path, null, bytes, Objects.requireNonNull(key, "key")), type);
  }

  /**
   * One logical call: its attempts share one Idempotency-Key (POST) and each is signed afresh (a
   * nonce is good once).
   */
  private String call(
      String method, String path, String rawQuery, byte[] body, IdempotencyKey key) {
    String idempotencyKey = key == null ? null : key.value();
    URI uri = URI.create(baseUrl + path + (rawQuery == null ? "" : "?" + rawQuery));
    for (int attempt = 1; ; attempt++) {
      HttpResponse<String> response;
      try {
        response = http.send(request(method, uri, body, idempotencyKey), bodyAsText());
      } catch (IOException e) {
        if (attempt >= retries.maxAttempts()) {
          throw new PayOnceIoException(method + " " + path + " failed: " + e, e);
        }
        pause(retries.backoff(attempt));
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PayOnceException("interrupted", e);
      }
      int status = response.statusCode();
      if (status / 100 == 2) {
        return response.body();
      }
      Duration retryAfter = retryAfter(response);
      PayOnceProblemException problem = Problems.of(status, response.body(), retryAfter, json);
      Duration wait = retryAfter != null ? retryAfter : retries.backoff(attempt);
      if (!retriable(status, retryAfter)
          || attempt >= retries.maxAttempts()
          || wait.compareTo(retries.maxBackoff()) > 0) {
        throw problem;
      }
      pause(wait);
    }
  }

  private static boolean retriable(int status, Duration retryAfter) {
    // 409 only when the server says "ask again after": a payment or a key held by another request.
    return status == 429 || status == 503 || (status == 409 && retryAfter != null);
  }

  private HttpRequest request(String method, URI uri, byte[] body, String idempotencyKey) {
    String nonce = nonce();
    long timestamp = clock.instant().getEpochSecond();
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(requestTimeout)
            .header("Accept", JSON_TYPE + ", " + PROBLEM_TYPE);
    signer
        .headers(method, uri.getRawPath(), uri.getRawQuery(), body, timestamp, nonce)
        .forEach(request::header);
    if (body == null) {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      request
          .header("Content-Type", JSON_TYPE)
          .method(method, HttpRequest.BodyPublishers.ofByteArray(body));
    }
    if (idempotencyKey != null) {
      request.header(IDEMPOTENCY_KEY, idempotencyKey);
    }
    return request.build();
  }

  private static HttpResponse.BodyHandler<String> bodyAsText() {
    return HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8);
  }

  private static Duration retryAfter(HttpResponse<?> response) {
    return response
        .headers()
        .firstValue("Retry-After")
        .filter(value -> value.matches("[0-9]{1,6}"))
        .map(value -> Duration.ofSeconds(Long.parseLong(value)))
        .orElse(null);
  }

  private void pause(Duration wait) {
    try {
      sleeper.sleep(wait);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PayOnceException("interrupted", e);
    }
  }

  private static String nonce() {
    byte[] bytes = new byte[16];
    RANDOM.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static String segment(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }

  /** Waits between attempts; the default sleeps the calling thread. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  /** Settings of a {@link PayOnceClient}; base URL, app id and secret are required. */
  public static final class Builder {
    private String baseUrl;
    private String appId;
    private String secret;
    private Duration connectTimeout = Duration.ofSeconds(5);
    private Duration requestTimeout = Duration.ofSeconds(30);
    private Clock clock = Clock.systemUTC();
    private RetryPolicy retries = RetryPolicy.defaults();
    private Sleeper sleeper = duration -> Thread.sleep(duration.toMillis());

    private Builder() {}

    /** The server, e.g. {@code https://pay.example.com}. */
    public Builder baseUrl(String baseUrl) {
      this.baseUrl = baseUrl;
      return this;
    }

    public Builder appId(String appId) {
      this.appId = appId;
      return this;
    }

    /** The app's API secret (never logged, never sent: only its signatures are). */
    public Builder secret(String secret) {
      this.secret = secret;
      return this;
    }

    public Builder connectTimeout(Duration connectTimeout) {
      this.connectTimeout = connectTimeout;
      return this;
    }

    /**
     * How long one attempt may take (30 s by default). A QR code or a payment code may wait on the
     * channel, and a payment code on the buyer's password: keep it above the server's own channel
     * timeouts.
     */
    public Builder requestTimeout(Duration requestTimeout) {
      this.requestTimeout = requestTimeout;
      return this;
    }

    /** The clock of the signatures' timestamps; the server allows 5 minutes either way. */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    public Builder retries(RetryPolicy retries) {
      this.retries = retries;
      return this;
    }

    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = sleeper;
      return this;
    }

    public PayOnceClient build() {
      return new PayOnceClient(this);
    }
  }
}
