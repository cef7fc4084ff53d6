package io.payonce.server.payment;

import java.time.Instant;

/**
 * What a channel told us alongside a status, stored by the same UPDATE that moves the status. A
 * null field leaves the stored value as it is.
 */
public record ChannelFields(String tradeNo, String qrCode, Instant expireTime, String handoff) {

  private static final ChannelFields NONE = new ChannelFields(null, null, null, null);

  public ChannelFields(String tradeNo, String qrCode, Instant expireTime) {
    this(tradeNo, qrCode, expireTime, null);
  }

  /** The hand-off issued (JSON, see {@link HandoffJson}). */
  public static ChannelFields handoff(String handoff) {
    return new ChannelFields(null, null, null, handoff);
  }

  public static ChannelFields none() {
    return NONE;
  }

  public static ChannelFields tradeNo(String tradeNo) {
    return new ChannelFields(tradeNo, null, null);
  }
}
