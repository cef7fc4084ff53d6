package io.payonce.server.payment;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.PaymentKind;

/**
 * The account the order's app pays with on a channel does not offer this product (e.g. a merchant
 * with no mini-program): no payment is opened and nothing in flight is closed for it.
 */
public class ProductNotOfferedException extends RuntimeException {

  public ProductNotOfferedException(Channel channel, PaymentKind kind) {
    super(channel + " " + kind + " is not offered by this app's account");
  }
}
