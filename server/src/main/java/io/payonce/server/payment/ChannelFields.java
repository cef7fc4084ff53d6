package io.payonce.server.payment;

import java.time.Instant;

/**
 * What a channel told us alongside a status, stored by the same UPDATE that moves the status. A
 * null field leaves the stored value as it is.
 */
public record ChannelFields(String tradeNo, String qrCode, Instant expireTime) {

  private static final ChannelFields NONE = new ChannelFields(null, null, null);

  public static ChannelFields none() {
    return NONE;
  }

  public static ChannelFields tradeNo(String tradeNo) {
    return new ChannelFields(tradeNo, null, null);
  }
}
