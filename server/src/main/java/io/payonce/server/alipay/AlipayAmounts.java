package io.payonce.server.alipay;

import java.math.BigDecimal;

/** Alipay speaks yuan as decimal strings; we keep fen (minor units), exactly. */
final class AlipayAmounts {

  private AlipayAmounts() {}

  /**
   * "12.34" → 1234; "12.3" → 1230. Throws {@link NumberFormatException} (or {@link
   * ArithmeticException}) for anything that is not an exact amount with at most two decimals.
   */
  static long fromYuan(String yuan) {
    if (yuan == null || yuan.isBlank()) {
      throw new NumberFormatException("empty amount");
    }
    return new BigDecimal(yuan.trim()).movePointRight(2).longValueExact();
  }
}
