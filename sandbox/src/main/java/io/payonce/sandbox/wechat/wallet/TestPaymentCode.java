package io.payonce.sandbox.wechat.wallet;

import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * The buyer behind a payment code (auth_code) in {@code /pay/micropay}. These codes are the
 * documented test codes (sandbox/README.md); any other well-formed code pays at once, and a
 * malformed one is refused with AUTH_CODE_INVALID.
 */
public enum TestPaymentCode {
  /** Paid at once: SUCCESS. */
  PAYS_AT_ONCE("130000000000000001"),
  /** USERPAYING; the buyer enters the password after the configured delay or a wallet action. */
  CONFIRMS_LATER("130000000000000002"),
  /** USERPAYING; the buyer never enters the password by themselves (only a wallet action pays). */
  NEVER_CONFIRMS("130000000000000003"),
  /** Refused: TRADE_ERROR, no order created. */
  REFUSED("130000000000000004"),
  /** Refused: NOTENOUGH (the buyer's balance), no order created. */
  INSUFFICIENT_BALANCE("130000000000000005"),
  /** Refused: AUTHCODEEXPIRE (the buyer must refresh the code), no order created. */
  CODE_EXPIRED("130000000000000006"),
  /** SYSTEMERROR, yet the buyer was charged: the order is SUCCESS (query to find out). */
  SYSTEM_ERROR_BUT_PAID("130000000000000007"),
  /** BANKERROR, and the payment failed: the order is PAYERROR (query to find out). */
  BANK_ERROR("130000000000000008");

  /** WeChat's payment codes: 18 digits starting with 10 to 15. */
  private static final Pattern WELL_FORMED = Pattern.compile("1[0-5]\\d{16}");

  private final String code;

  TestPaymentCode(String code) {
    this.code = code;
  }

  public String code() {
    return code;
  }

  public static boolean wellFormed(String authCode) {
    return authCode != null && WELL_FORMED.matcher(authCode).matches();
  }

  /** The buyer for a well-formed code. */
  public static TestPaymentCode of(String authCode) {
    return Arrays.stream(values())
        .filter(c -> c.code.equals(authCode))
        .findFirst()
        .orElse(PAYS_AT_ONCE);
  }
}
