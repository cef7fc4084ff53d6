package io.payonce.server.channel;

import java.util.Locale;

/**
 * The payment channels PayOnce speaks: the one identity a channel has, as payments, bills and
 * alarms store it. This is the only neutral place that names them; everything a channel does is in
 * its adapter.
 */
public enum Channel {
  /** Alipay. */
  ALIPAY,
  /** WeChat Pay. */
  WECHAT;

  /** The channel's name in routes ({@code /pay/alipay/...}): its identity in lower case. */
  public String path() {
    return name().toLowerCase(Locale.ROOT);
  }
}
