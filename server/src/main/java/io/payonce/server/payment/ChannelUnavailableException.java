package io.payonce.server.payment;

import java.time.Duration;

/**
 * The channel's answer is unknown (timeout, system error). The payment keeps its number; asking
 * again retries the channel under the same out_trade_no, so nothing is ever charged twice.
 */
public class ChannelUnavailableException extends RuntimeException {

  private final Duration retryAfter;

  public ChannelUnavailableException(String outTradeNo, Duration retryAfter) {
    super("the channel's answer for payment " + outTradeNo + " is not known yet");
    this.retryAfter = retryAfter;
  }

  public Duration retryAfter() {
    return retryAfter;
  }
}
