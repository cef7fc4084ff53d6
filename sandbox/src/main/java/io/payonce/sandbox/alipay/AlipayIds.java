package io.payonce.sandbox.alipay;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicLong;

/** Identifiers shaped like Alipay's, and its money format. */
public final class AlipayIds {

  private static final DateTimeFormatter DAY =
      DateTimeFormatter.ofPattern("yyyyMMdd").withZone(AlipayTime.ZONE);
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final String QR_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
  // A per-process prefix keeps numbers unique across restarts and several sandboxes.
  private static final String INSTANCE = String.format("%04d", RANDOM.nextInt(10_000));
  // Seeded from the wall clock so a restarted sandbox does not reuse numbers it persisted.
  private static final AtomicLong SEQUENCE =
      new AtomicLong(System.currentTimeMillis() % 100_000_000L * 1_000L);

  /** The buyer who pays when a test does not name one. */
  public static final String DEFAULT_BUYER = "2088102146225135";

  private AlipayIds() {}

  /** 28 digits: day, "22001", 4 instance digits, 11 sequence digits. */
  public static String tradeNo(Instant now) {
    return DAY.format(now)
        + "22001"
        + INSTANCE
        + String.format("%011d", SEQUENCE.incrementAndGet());
  }

  public static String notifyId(Instant now) {
    return DAY.format(now) + "0122" + INSTANCE + String.format("%018d", SEQUENCE.incrementAndGet());
  }

  public static String qrCode() {
    StringBuilder code = new StringBuilder("https://qr.alipay.com/bax0");
    for (int i = 0; i < 20; i++) {
      code.append(QR_ALPHABET.charAt(RANDOM.nextInt(QR_ALPHABET.length())));
    }
    return code.toString();
  }

  /** A stable 2088 PID for an app registered without one. */
  public static String sellerIdFor(String appId) {
    return "2088"
        + String.format("%012d", Math.floorMod((long) appId.hashCode(), 1_000_000_000_000L));
  }

  /** "159****5620"-style masked logon id derived from a buyer id. */
  public static String buyerLogonId(String buyerId) {
    return buyerId == null
        ? null
        : "159****" + buyerId.substring(Math.max(0, buyerId.length() - 4));
  }

  public static String money(BigDecimal amount) {
    return amount.setScale(2, RoundingMode.UNNECESSARY).toPlainString();
  }
}
