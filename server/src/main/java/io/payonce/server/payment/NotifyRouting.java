package io.payonce.server.payment;

import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.log.Untrusted;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The check every verified notify passes before it is applied: the channel configuration it was
 * routed to (by the account it names, or by its per-configuration URL) is the one the payment was
 * made under. A notify signed by one app's account about another app's payment changes nothing,
 * whatever its signature: it is refused and alarmed by the channel's handler.
 */
@Component
public class NotifyRouting {

  private final Payments payments;

  NotifyRouting(Payments payments) {
    this.payments = payments;
  }

  /**
   * Why the notify may not be applied to the payment, or empty when it may (or there is no such
   * payment: applying it then changes nothing either).
   *
   * @param account the channel account the notify named, for the alarm's detail
   */
  public Optional<String> mismatch(String outTradeNo, String routedConfigKey, String account) {
    if (outTradeNo == null) {
      return Optional.empty();
    }
    return payments
        .findByOutTradeNo(outTradeNo)
        .flatMap(payment -> mismatch(payment, new NotifyRoute(routedConfigKey, account)));
  }

  /**
   * Why a notify that came by {@code route} may not be applied to {@code payment}, if it may not.
   */
  static Optional<String> mismatch(Payment payment, NotifyRoute route) {
    String made = ChannelConfigKey.orBootstrap(payment.channelConfig());
    if (made.equals(route.configKey())) {
      return Optional.empty();
    }
    return Optional.of(
        "notify of configuration "
            + route.configKey()
            + " (account "
            + Untrusted.forLog(route.account())
            + ") about a payment made under configuration "
            + payment.channelConfig());
  }
}
