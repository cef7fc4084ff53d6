package io.payonce.server.testing;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.TradeState;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.ApplyResult;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentOpener;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Paid orders made quickly, through the real path minus HTTP and the channel: create the order,
 * open its payment, and apply the channel's word that it was paid through {@link
 * ChannelResultApplier} — the same transitions, journal and outbox events as a notify.
 */
public final class PaidOrders {

  public static final long AMOUNT_MINOR = 1234;

  private final OrderService orders;
  private final PaymentOpener opener;
  private final ChannelResultApplier applier;
  private final Clock clock;

  public PaidOrders(
      OrderService orders, PaymentOpener opener, ChannelResultApplier applier, Clock clock) {
    this.orders = orders;
    this.opener = opener;
    this.applier = applier;
    this.clock = clock;
  }

  /** One paid order; returns its number. Fails if the payment was not applied. */
  public String payOne(String prefix) {
    return payOne(TestApps.APP_ID, prefix, null);
  }

  /** One paid order of {@code appId}, with its own notify URL unless null; returns its number. */
  public String payOne(String appId, String prefix, String notifyUrl) {
    String orderNo = TestNumbers.orderNo(prefix);
    Order order =
        orders
            .create(
                new NewOrder(
                    appId,
                    orderNo,
                    "user-" + prefix,
                    Money.ofMinor(AMOUNT_MINOR, "CNY"),
                    "t",
                    notifyUrl))
            .order();
    Payment payment = opener.open(order.id(), Channel.ALIPAY, null, null).payment();
    ChannelTrade paid =
        new ChannelTrade(
            payment.outTradeNo(),
            "T" + payment.outTradeNo(),
            TradeState.SUCCESS,
            AMOUNT_MINOR,
            "buyer",
            clock.instant());
    ApplyResult result = applier.apply(paid, TransitionSource.QUERY, null);
    if (result.kind() != ApplyResult.Kind.APPLIED) {
      throw new IllegalStateException("payment of " + orderNo + " not applied: " + result);
    }
    return orderNo;
  }

  /** {@code count} paid orders made by {@code threads} threads; their numbers. */
  public List<String> pay(String prefix, int count, int threads) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<String>> futures = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        futures.add(pool.submit(() -> payOne(prefix)));
      }
      List<String> numbers = Collections.synchronizedList(new ArrayList<>(count));
      for (Future<String> future : futures) {
        numbers.add(future.get());
      }
      return numbers;
    } finally {
      pool.shutdownNow();
    }
  }
}
