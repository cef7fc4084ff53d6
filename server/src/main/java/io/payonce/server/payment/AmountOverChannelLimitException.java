package io.payonce.server.payment;

import io.payonce.server.channel.Channel;
import io.payonce.server.money.Money;

/** The order's amount is more than the channel takes in one payment; no payment was opened. */
public class AmountOverChannelLimitException extends RuntimeException {

  private final transient Money limit;

  public AmountOverChannelLimitException(Channel channel, Money limit) {
    super(channel + " takes at most " + limit.toDecimalString() + " " + limit.currency());
    this.limit = limit;
  }

  public Money limit() {
    return limit;
  }
}
