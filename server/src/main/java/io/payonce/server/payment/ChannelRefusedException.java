package io.payonce.server.payment;

/** The channel definitely refused the payment; its sub-code says why. */
public class ChannelRefusedException extends RuntimeException {

  private final String subCode;

  public ChannelRefusedException(String outTradeNo, String subCode, String message) {
    super("the channel refused payment " + outTradeNo + ": " + subCode + " " + message);
    this.subCode = subCode;
  }

  public String subCode() {
    return subCode;
  }
}
