package io.payonce.sandbox.chaos;

/**
 * Where a chaos rule applies: a gateway method (or a notify's trigger, e.g. {@code wallet.pay}), an
 * out_trade_no, both, or neither (everything).
 */
public record ChaosScope(String method, String outTradeNo) {

  public static final ChaosScope EVERYTHING = new ChaosScope(null, null);

  public ChaosScope {
    method = blankToNull(method);
    outTradeNo = blankToNull(outTradeNo);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
