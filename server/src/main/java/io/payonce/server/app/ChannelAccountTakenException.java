package io.payonce.server.app;

import io.payonce.server.channel.Channel;

/**
 * The channel account is another app's configuration: one account routes its notifies to one
 * configuration only.
 */
public class ChannelAccountTakenException extends RuntimeException {

  public ChannelAccountTakenException(Channel channel, String accountId) {
    super(channel + " account " + accountId + " is configured for another app");
  }
}
