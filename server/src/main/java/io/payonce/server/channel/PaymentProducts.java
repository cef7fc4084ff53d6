package io.payonce.server.channel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The product registry: every way a buyer can pay on this instance, read from the configured
 * channel adapters. The routes, the idempotency filter, pay tokens, rate limits, the cashier and
 * the API document read it instead of naming channels, so a new product is a new adapter.
 */
@Component
public class PaymentProducts {

  private final List<PaymentProduct> products;

  PaymentProducts(PaymentChannels channels) {
    List<PaymentProduct> all = new ArrayList<>();
    channels.all().stream()
        .sorted(java.util.Comparator.comparing(PaymentChannel::channel))
        .forEach(
            adapter ->
                adapter.kinds().stream()
                    .sorted()
                    .forEach(
                        kind ->
                            all.add(
                                new PaymentProduct(
                                    adapter.channel(),
                                    kind,
                                    adapter.displayName(),
                                    adapter.needsClientIp(kind)))));
    this.products = List.copyOf(all);
  }

  /** Every product, channel by channel in the order {@link Channel} declares them. */
  public List<PaymentProduct> all() {
    return products;
  }

  /** The products of one kind. */
  public List<PaymentProduct> of(PaymentKind kind) {
    return products.stream().filter(p -> p.kind() == kind).toList();
  }

  /** The product a channel (by its route name, e.g. {@code alipay}) offers of a kind, if any. */
  public Optional<PaymentProduct> find(String channelPath, PaymentKind kind) {
    return products.stream()
        .filter(p -> p.kind() == kind && p.channel().path().equals(channelPath))
        .findFirst();
  }

  /** The product whose route is {@code path}, if any. */
  public Optional<PaymentProduct> at(String path) {
    return products.stream().filter(p -> p.path().equals(path)).findFirst();
  }
}
