package io.payonce.server.order;

import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * Refuses to start a service that would accept orders no configured channel can charge: every
 * currency of {@code payonce.orders.currencies} must be one that each channel charges (Alipay's
 * face-to-face payments are in yuan only), so an order's amount always reaches the channel in its
 * own currency and scale.
 */
@Component
class ChargeableCurrencies {

  ChargeableCurrencies(OrderProperties properties, PaymentChannels channels) {
    for (PaymentChannel channel : channels.all()) {
      List<String> refused =
          properties.currencies().stream()
              .filter(currency -> !channel.currencies().contains(currency))
              .sorted()
              .toList();
      if (!refused.isEmpty()) {
        throw new IllegalStateException(
            "payonce.orders.currencies has "
                + refused
                + ", which the "
                + channel.channel()
                + " channel cannot charge (it charges "
                + channel.currencies()
                + ")");
      }
    }
  }
}
