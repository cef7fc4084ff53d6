package io.payonce.server.channel;

import java.math.BigDecimal;

/** Exact conversions between minor units and the decimal strings channels speak. */
public final class ChannelAmounts {

  private ChannelAmounts() {}

  /** 1234 → "12.34". */
  public static String toYuan(long minor) {
    return BigDecimal.valueOf(minor, 2).toPlainString();
  }

  /**
   * "12.34" → 1234; "12.3" → 1230. Throws {@link NumberFormatException} (or {@link
   * ArithmeticException}) for anything that is not an exact amount with at most two decimals.
   */
  public static long fromYuan(String yuan) {
    if (yuan == null || yuan.isBlank()) {
      throw new NumberFormatException("empty amount");
    }
    return new BigDecimal(yuan.trim()).movePointRight(2).longValueExact();
  }
}
