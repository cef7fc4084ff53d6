package io.payonce.server.app;

import io.payonce.server.channel.Channel;

/** The app has no configuration for the channel and the bootstrap configuration is not its. */
public class ChannelNotConfiguredException extends RuntimeException {

  public ChannelNotConfiguredException(String appId, Channel channel) {
    super("app " + appId + " has no " + channel + " configuration");
  }
}
