package io.payonce.server.payment;

import static io.payonce.server.payment.AtMostOnceActions.brief;
import static io.payonce.server.payment.AtMostOnceActions.concurrently;
import static io.payonce.server.payment.AtMostOnceActions.dependent;
import static io.payonce.server.payment.AtMostOnceActions.fail;
import static io.payonce.server.payment.AtMostOnceActions.noServerError;
import static io.payonce.server.payment.AtMostOnceActions.orderIndex;
import static io.payonce.server.payment.AtMostOnceActions.step;

import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;

/**
 * An online product, Alipay App: the merchant's app asks for the order's signed order string (one
 * click or several at once, or a new one), and the buyer's Alipay app pays one — the latest or an
 * old one, also after the order switched to a QR code or was closed. The trade exists at Alipay
 * only once the buyer opens the string, so a close before that proves nothing: the string stays
 * payable until its time_expire, and a late payment must be given back like any other.
 */
final class AtMostOnceOnlineActions {

  private static final String ROUTE = "/pay/alipay/app";

  private AtMostOnceOnlineActions() {}

  /** The order's App hand-off, by one click or several at once, or a new one (refresh). */
  static Action<AtMostOnceWorld> appHandoff() {
    return dependent(
        AtMostOnceWorld::hasOrders,
        w ->
            Combinators.combine(orderIndex(w), Arbitraries.of(1, 2, 3), Arbitraries.of(false, true))
                .as(
                    (index, clicks, refresh) ->
                        step(
                            "app hand-off "
                                + (refresh ? "refresh " : "")
                                + "#"
                                + index
                                + " x"
                                + clicks,
                            world -> handOff(world, world.order(index), clicks, refresh))));
  }

  private static void handOff(
      AtMostOnceWorld world, ModelOrder order, int clicks, boolean refresh) {
    Map<String, Object> body =
        refresh
            ? Map.of("orderNo", order.orderNo, "refresh", true)
            : Map.of("orderNo", order.orderNo);
    List<Answer> answers = concurrently(clicks, n -> world.system.post(ROUTE, body, Map.of()));
    world.note("  app hand-off → " + answers.stream().map(AtMostOnceActions::brief).toList());
    List<String> strings = new ArrayList<>();
    for (Answer answer : answers) {
      noServerError(world, "app hand-off", answer);
      if (answer.status() != 200) {
        continue;
      }
      String encoded = answer.json().path("handoff").path("encoded").asString("");
      if (encoded.isEmpty()) {
        fail(
            world,
            "I10",
            "app hand-off of " + order + " answered 200 without an order string",
            answer);
      }
      order.outTradeNos.add(answer.text("outTradeNo"));
      order.products.add("alipay APP");
      if (!order.orderStrings.contains(encoded)) {
        order.orderStrings.add(encoded);
      }
      strings.add(encoded);
    }
    if (!refresh && strings.stream().distinct().count() > 1) {
      fail(
          world,
          "I10",
          "app hand-offs of " + order + " at once answered different order strings",
          answers.get(0));
    }
  }

  /** The buyer's Alipay app pays an order string of the order: the latest, or an older one. */
  static Action<AtMostOnceWorld> appPays() {
    return dependent(
        w -> w.orders.stream().anyMatch(o -> !o.orderStrings.isEmpty()),
        w ->
            Combinators.combine(
                    Arbitraries.of(
                            w.orders.stream().filter(o -> !o.orderStrings.isEmpty()).toList())
                        .map(o -> o.index),
                    Arbitraries.integers().between(0, 2))
                .as(
                    (index, age) ->
                        step(
                            "buyer's app pays order string "
                                + (age == 0 ? "latest" : "latest-" + age)
                                + " of #"
                                + index,
                            world -> {
                              ModelOrder order = world.order(index);
                              String orderString =
                                  order.orderStrings.get(
                                      Math.max(0, order.orderStrings.size() - 1 - age));
                              Answer answer = world.system.appPay(orderString);
                              world.note("  app pay → " + brief(answer));
                            })));
  }
}
