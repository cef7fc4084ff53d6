package io.payonce.sandbox.alipay.wallet;

import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * The buyer behind a barcode (auth_code) in {@code alipay.trade.pay}. These five codes are the
 * documented test codes (sandbox/README.md); any other well-formed code pays at once, and a
 * malformed one is refused with ACQ.PAYMENT_AUTH_CODE_INVALID.
 */
public enum TestAuthCode {
  /** Paid at once: 10000, TRADE_SUCCESS. */
  PAYS_AT_ONCE("280000000000000001"),
  /** 10003; the buyer confirms after the configured delay (sandbox clock) or a wallet action. */
  CONFIRMS_LATER("280000000000000002"),
  /** 10003; the buyer never confirms by themselves (only a wallet action pays it). */
  NEVER_CONFIRMS("280000000000000003"),
  /** Refused: 40004 ACQ.PAYMENT_FAIL, no trade created. */
  REFUSED("280000000000000004"),
  /** Refused: 40004 ACQ.BUYER_BALANCE_NOT_ENOUGH, no trade created. */
  INSUFFICIENT_BALANCE("280000000000000005");

  /** Alipay's payment codes: 16 to 24 digits starting with 25 to 30. */
  private static final Pattern WELL_FORMED = Pattern.compile("(2[5-9]|30)\\d{14,22}");

  private final String code;

  TestAuthCode(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }

  public static boolean wellFormed(String authCode) {
    return authCode != null && WELL_FORMED.matcher(authCode).matches();
  }

  /** The buyer for a well-formed code. */
  public static TestAuthCode of(String authCode) {
    return Arrays.stream(values())
        .filter(c -> c.code.equals(authCode))
        .findFirst()
        .orElse(PAYS_AT_ONCE);
  }

  /** A stable buyer id per code, so tests can tell buyers apart. */
  public static String buyerIdFor(String authCode) {
    return "2088" + authCode.substring(authCode.length() - 12);
  }
}
