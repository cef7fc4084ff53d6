package io.payonce.server.payment;

/** The buyer's payment was refused (bad code, balance, risk): nothing was charged. */
public class PaymentRefusedException extends RuntimeException {

  private final String subCode;

  public PaymentRefusedException(String outTradeNo, String subCode) {
    super("payment " + outTradeNo + " was refused: " + subCode);
    this.subCode = subCode;
  }

  public String subCode() {
    return subCode;
  }
}
