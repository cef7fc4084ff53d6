package io.payonce.server.channel;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every channel call shares, whatever the channel: it is timed, logged on one line and told to
 * the call journal ({@link ChannelCallListener}), and a journal that fails never fails the call.
 * The adapter supplies only the call itself and what its answer means.
 */
public final class ChannelCalls {

  private static final Logger log = LoggerFactory.getLogger(ChannelCalls.class);

  private final Channel channel;
  private final ChannelCallListener listener;
  private final Clock clock;

  public ChannelCalls(Channel channel, ChannelCallListener listener, Clock clock) {
    this.channel = channel;
    this.listener = listener;
    this.clock = clock;
  }

  /**
   * A call's outcome and what the journal says of it.
   *
   * @param detail the channel's code and sub-code, or why the outcome is unknown; never a secret
   */
  public record Answer<T>(ChannelOutcome<T> outcome, String detail) {}

  /** Makes one call, named {@code method}, about the trade {@code outTradeNo} (or none). */
  public <T> ChannelOutcome<T> call(String method, String outTradeNo, Supplier<Answer<T>> call) {
    Instant started = clock.instant();
    long startNanos = System.nanoTime();
    Answer<T> answer = call.get();
    Duration took = Duration.ofNanos(System.nanoTime() - startNanos);
    log.info(
        "channel={} method={} outTradeNo={} outcome={} detail=\"{}\" tookMs={}",
        channel.path(),
        method,
        outTradeNo,
        answer.outcome().kind(),
        answer.detail(),
        took.toMillis());
    try {
      listener.onCall(
          new ChannelCall(
              channel.name(),
              method,
              outTradeNo,
              answer.outcome().kind(),
              answer.detail(),
              started,
              took));
    } catch (RuntimeException e) {
      log.warn("channel call journal failed method={} reason={}", method, e.toString());
    }
    return answer.outcome();
  }

  /**
   * How a failure that left the effect unknown is described: a read timeout as such, anything else
   * by its root cause's class (never its message, which may quote a request).
   */
  public static String rootCause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root instanceof java.net.SocketTimeoutException
        ? "read timeout"
        : root.getClass().getSimpleName();
  }
}
