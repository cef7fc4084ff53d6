package io.payonce.sandbox.wechat;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicLong;

/** Identifiers shaped like WeChat Pay's, and its money format (fen in the API, yuan in bills). */
public final class WechatIds {

  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyyMMdd").withZone(WechatTime.ZONE);
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String ALPHANUMERIC =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  // A per-process prefix keeps numbers unique across restarts and several sandboxes.
  private static final String INSTANCE = String.format("%05d", RANDOM.nextInt(100_000));
  // Seeded from the wall clock so a restarted sandbox does not reuse numbers it persisted.
  private static final AtomicLong SEQUENCE =
      new AtomicLong(System.currentTimeMillis() % 10_000_000L * 1_000L);

  /** The buyer (openid) who pays when a test does not name one. */
  public static final String DEFAULT_OPENID = "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o";

  private WechatIds() {}

  /** 28 digits: "4200", 5 instance digits, "0", the day, 10 sequence digits. */
  public static String transactionId(Instant now) {
    return "4200"
        + INSTANCE
        + "0"
        + DAY.format(now)
        + String.format("%010d", next() % 10_000_000_000L);
  }

  /** 29 digits: "5030", 5 instance digits, the day, 12 sequence digits. */
  public static String refundId(Instant now) {
    return "5030" + INSTANCE + DAY.format(now) + String.format("%012d", next());
  }

  /** A Native code_url, {@code weixin://wxpay/bizpayurl?pr=} and 9 letters or digits. */
  public static String codeUrl() {
    return "weixin://wxpay/bizpayurl?pr=" + random(9);
  }

  /** A JSAPI prepay_id: {@code wx} and 32 letters or digits. */
  public static String prepayId() {
    return "wx" + random(32);
  }

  /** A nonce of letters and digits, as WeChat's nonce_str and Wechatpay-Nonce are. */
  public static String nonce(int length) {
    return random(length);
  }

  /** A stable 28-character openid for a buyer key (a payment code, a wallet's buyer). */
  public static String openidFor(String key) {
    StringBuilder openid = new StringBuilder("oUpF8u");
    long h = Integer.toUnsignedLong(key.hashCode()) * 2_654_435_761L;
    for (int i = 0; i < 22; i++) {
      openid.append(ALPHANUMERIC.charAt((int) Math.floorMod(h >> (i % 24), ALPHANUMERIC.length())));
      h = h * 31 + i;
    }
    return openid.toString();
  }

  /** Fen as the yuan text bills use ({@code 1} → {@code 0.01}). */
  public static String yuan(long fen) {
    return java.math.BigDecimal.valueOf(fen, 2).toPlainString();
  }

  private static long next() {
    return SEQUENCE.incrementAndGet();
  }

  private static String random(int length) {
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      text.append(ALPHANUMERIC.charAt(RANDOM.nextInt(ALPHANUMERIC.length())));
    }
    return text.toString();
  }
}
