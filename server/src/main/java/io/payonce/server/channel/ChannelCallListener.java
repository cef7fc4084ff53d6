package io.payonce.server.channel;

/** Told about every channel call after it ends, whatever its outcome. Must not throw. */
@FunctionalInterface
public interface ChannelCallListener {

  void onCall(ChannelCall call);
}
