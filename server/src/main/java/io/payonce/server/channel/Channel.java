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

  /** The channel a route or a caller names, in any case; empty for no channel of ours. */
  public static java.util.Optional<Channel> named(String name) {
    return name == null
        ? java.util.Optional.empty()
        : java.util.Arrays.stream(values())
            .filter(channel -> channel.path().equals(name.toLowerCase(Locale.ROOT)))
            .findFirst();
  }

  /** Every channel's route name, for messages that list them. */
  public static String names() {
    return java.util.Arrays.stream(values())
        .map(Channel::path)
        .collect(java.util.stream.Collectors.joining(", "));
  }
}
