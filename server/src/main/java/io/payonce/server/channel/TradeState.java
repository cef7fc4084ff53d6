package io.payonce.server.channel;

/** A channel trade's state, mapped from each channel's own words. */
public enum TradeState {
  /**
   * The channel has no such trade (an Alipay QR nobody has scanned yet, or a number never used).
   */
  NOT_FOUND,
  /**
   * The trade exists, and nobody has started paying it (a WeChat Pay code from prepay on): our
   * books need no change for it.
   */
  OPEN,
  /** The buyer has started paying (scanned the code, is entering a password). */
  WAIT_BUYER_PAY,
  /** The buyer paid. */
  SUCCESS,
  /** The buyer paid and the trade can no longer be refunded. */
  FINISHED,
  /**
   * The buyer paid and a refund of some or all of it has begun (WeChat's REFUND): the money was
   * taken. For a payment our books were reversing, and never refunded, that refund is the
   * reversal's.
   */
  REFUNDING,
  /**
   * The buyer paid, and all of it was given back (a cancel's reversal, or refunds of the whole
   * amount): money moved twice. Not {@link #paid()}: nothing is owed to the merchant.
   */
  REFUNDED,
  /** Closed unpaid (or, where the channel cannot tell, fully refunded after payment). */
  CLOSED;

  /** Money was not taken, and still may be: the trade is open or being paid. */
  public boolean payable() {
    return this == OPEN || this == WAIT_BUYER_PAY;
  }

  /** Money was taken from the buyer for this trade. */
  public boolean paid() {
    return this == SUCCESS || this == FINISHED || this == REFUNDING;
  }
}
