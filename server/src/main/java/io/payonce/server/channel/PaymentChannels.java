package io.payonce.server.channel;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** The configured channels by name. */
@Component
public class PaymentChannels {

  private final Map<String, PaymentChannel> byName;

  PaymentChannels(List<PaymentChannel> channels) {
    this.byName =
        channels.stream().collect(Collectors.toMap(PaymentChannel::name, Function.identity()));
  }

  /** Every configured channel. */
  public java.util.Collection<PaymentChannel> all() {
    return java.util.Collections.unmodifiableCollection(byName.values());
  }

  /** The channel called {@code name}, if this instance is configured for it. */
  public java.util.Optional<PaymentChannel> find(String name) {
    return java.util.Optional.ofNullable(byName.get(name));
  }

  /**
   * The channel called {@code name}.
   *
   * @throws IllegalStateException if it is not configured
   */
  public PaymentChannel get(String name) {
    PaymentChannel channel = byName.get(name);
    if (channel == null) {
      throw new IllegalStateException("channel " + name + " is not configured");
    }
    return channel;
  }
}
