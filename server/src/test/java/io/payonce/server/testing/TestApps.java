package io.payonce.server.testing;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.RequestSignatures;
import io.payonce.server.channel.Channel;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The app tests sign their API requests as: the bootstrap app of application-test.yml. Nonces are a
 * per-JVM counter behind a start-time prefix, so that no two requests share one and reruns against
 * the same database do not collide.
 */
public final class TestApps {

  public static final String APP_ID = "test-app";
  public static final String SECRET = "test-secret-0123456789abcdef0123456789abcdef";

  private static final String RUN = Long.toString(System.nanoTime(), 36);
  private static final AtomicLong NEXT = new AtomicLong();
  private static final AtomicLong NEXT_ACCOUNT =
      new AtomicLong(System.currentTimeMillis() % 1_000_000_000L * 1000);

  private TestApps() {}

  /** The test app's order with this number. */
  /** A new order of the test app, its number made from {@code prefix}, of {@code amount} CNY. */
  public static NewOrder newOrder(String prefix, String amount) {
    return new NewOrder(
        APP_ID, TestNumbers.orderNo(prefix), "user-1", Money.parse(amount, "CNY"), "A test order");
  }

  public static OrderRef ref(String orderNo) {
    return new OrderRef(APP_ID, orderNo);
  }

  /** A fresh nonce. */
  public static String nonce() {
    return "n-" + RUN + "-" + NEXT.incrementAndGet() + "-0000000000";
  }

  /** The four signature headers for a request signed now as the test app. */
  public static Map<String, String> headers(String method, URI uri, byte[] body) {
    return headers(APP_ID, SECRET, method, uri, body, Instant.now().getEpochSecond(), nonce());
  }

  /** The four signature headers of a request as {@code appId} with {@code secret}. */
  public static Map<String, String> headers(
      String appId,
      String secret,
      String method,
      URI uri,
      byte[] body,
      long timestamp,
      String nonce) {
    String canonical =
        RequestSignatures.canonical(
            appId, method, uri.getRawPath(), uri.getRawQuery(), timestamp, nonce, body);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put(RequestSignatures.APP_ID, appId);
    headers.put(RequestSignatures.TIMESTAMP, Long.toString(timestamp));
    headers.put(RequestSignatures.NONCE, nonce);
    headers.put(RequestSignatures.SIGNATURE, RequestSignatures.sign(secret, canonical));
    return headers;
  }

  /** Adds the test app's signature to a request builder for {@code uri}. */
  public static HttpRequest.Builder sign(
      HttpRequest.Builder request, String method, URI uri, byte[] body) {
    headers(method, uri, body).forEach(request::header);
    return request;
  }

  /**
   * Gives an app an Alipay account of its own (a fresh Alipay app id; the keys are generated and
   * registered with the sandbox at its first use): an app without one cannot open a payment.
   */
  public static void giveAlipayAccount(AppAdmin admin, String appId) {
    admin.putChannel(
        appId,
        Channel.ALIPAY,
        Map.of("appId", "2097" + String.format("%012d", NEXT_ACCOUNT.incrementAndGet())));
  }

  /** Whether a path is the merchant API's (the only paths the server checks signatures on). */
  public static boolean isApi(String path) {
    return (path.startsWith("/api/") || path.startsWith("/pay/"))
        && !path.equals("/pay/alipay/notify")
        && !path.startsWith("/pay/wechat/notify");
  }
}
