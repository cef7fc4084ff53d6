package io.payonce.server.notify;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelCallback;
import org.springframework.http.MediaType;

/**
 * One channel's callback protocol: where the channel posts, how a delivery is verified and read
 * into neutral terms, and how each verdict is answered in the protocol's own words. The one {@link
 * CallbackIntake} does everything else — alarms, applying, receipts, logs — the same for every
 * channel. A channel adapter declares its protocols as beans; they are served without a controller
 * of their own.
 */
public interface CallbackProtocol extends ChannelCallback {

  /** The channel, as payments, receipts and alarms name it. */
  Channel channel();

  /** How logs tell this protocol from the channel's others (e.g. {@code v3}, {@code v2}). */
  String protocol();

  /**
   * Whether a stored configuration's deliveries come to {@code path()/{configKey}}: a protocol
   * whose deliveries do not name their account routes by its address.
   */
  default boolean routedByPath() {
    return false;
  }

  /** How the delivery's body is read: as form parameters, or raw (what a signature covers). */
  default Body body() {
    return Body.RAW;
  }

  /**
   * Verifies and reads one delivery. Never throws for anything the sender controls: whatever
   * arrives is some {@link CallbackReading}.
   */
  CallbackReading read(CallbackDelivery delivery);

  /** The answer that tells the channel a verdict. */
  CallbackReply reply(Verdict verdict);

  /**
   * The answer to a delivery that failed before it could be read, with the status it failed with.
   */
  CallbackReply failure(int status);

  @Override
  default MediaType replyType() {
    return failure(400).contentType();
  }

  @Override
  default String failureReply() {
    return failure(400).body();
  }

  /** How a protocol's delivery carries its content. */
  enum Body {
    /** {@code application/x-www-form-urlencoded} parameters. */
    FORM,
    /** The raw body, byte for byte as the channel signed it (read as UTF-8). */
    RAW
  }
}
