package io.payonce.server.payment;

import static io.payonce.server.payment.AtMostOnceActions.brief;
import static io.payonce.server.payment.AtMostOnceActions.concurrently;
import static io.payonce.server.payment.AtMostOnceActions.dependent;
import static io.payonce.server.payment.AtMostOnceActions.fail;
import static io.payonce.server.payment.AtMostOnceActions.noServerError;
import static io.payonce.server.payment.AtMostOnceActions.orderIndex;
import static io.payonce.server.payment.AtMostOnceActions.requestIdLengths;
import static io.payonce.server.payment.AtMostOnceActions.runsFirst;
import static io.payonce.server.payment.AtMostOnceActions.step;

import io.payonce.server.payment.AtMostOnceWorld.Code;
import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.state.Action;
import tools.jackson.databind.JsonNode;

/**
 * Orders and their QR codes: the merchant creates orders, asks for codes (double clicks and
 * refreshes included), cancels orders — alone or racing a precreate or the buyer — and polls; the
 * buyer scans or pays a code at the sandbox's wallet, the latest one or an old one.
 */
final class AtMostOnceQrActions {

  private AtMostOnceQrActions() {}

  static Action<AtMostOnceWorld> createOrder() {
    return dependent(
        w -> w.orders.size() < AtMostOnceWorld.MAX_ORDERS,
        w ->
            Arbitraries.of("9.99", "0.01", "100.00")
                .map(
                    amount ->
                        step(
                            "create an order of " + amount,
                            world -> {
                              String orderNo =
                                  world.system.http.createOrder(amount, "at-most-once");
                              ModelOrder order =
                                  new ModelOrder(
                                      world.orders.size(), orderNo, AtMostOnceBooks.minor(amount));
                              world.orders.add(order);
                              world.note("  created " + order);
                            })));
  }

  /** Precreate or refresh, by one click or several at once, optionally under a requestId. */
  static Action<AtMostOnceWorld> precreate() {
    return dependent(
        AtMostOnceWorld::hasOrders,
        w ->
            Combinators.combine(
                    orderIndex(w),
                    Arbitraries.of(1, 2, 5),
                    Arbitraries.of(false, true),
                    requestIdLengths(Tuple.of(10, 0), Tuple.of(5, 12), Tuple.of(4, 64)))
                .as(
                    (index, clicks, refresh, keyLength) ->
                        step(
                            (refresh ? "refresh" : "precreate")
                                + " #"
                                + index
                                + " x"
                                + clicks
                                + (keyLength > 0 ? " requestId of " + keyLength + " chars" : ""),
                            world ->
                                precreate(world, world.order(index), clicks, refresh, keyLength))));
  }

  private static void precreate(
      AtMostOnceWorld world, ModelOrder order, int clicks, boolean refresh, int keyLength) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", order.orderNo);
    if (refresh) {
      body.put("refresh", true);
    }
    String key = keyLength > 0 ? AtMostOnceActions.key(world, keyLength) : null;
    if (key != null) {
      // The page's double click sends its one requestId twice.
      body.put("requestId", key);
      world.keyed("/pay/alipay/precreate", key, Map.copyOf(body), false);
    }
    List<Answer> answers =
        concurrently(clicks, n -> world.system.post("/pay/alipay/precreate", body, Map.of()));
    precreated(world, order, key, answers, refresh);
  }

  /**
   * A refresh storm: the buyer, shown a code it has scanned (so that it can be replaced), clicks
   * "new QR code" ten times at once.
   */
  static Action<AtMostOnceWorld> refreshStorm() {
    return dependent(
        w -> w.orders.stream().anyMatch(o -> !o.codes.isEmpty()),
        w ->
            Arbitraries.of(w.orders.stream().filter(o -> !o.codes.isEmpty()).toList())
                .map(o -> o.index)
                .map(
                    index ->
                        step(
                            "refresh storm x10 on #" + index,
                            world -> {
                              ModelOrder order = world.order(index);
                              Code latest = order.codes.get(order.codes.size() - 1);
                              world.note(
                                  "  scan "
                                      + latest.outTradeNo()
                                      + " → "
                                      + brief(world.system.walletScan(latest.qrCode())));
                              Map<String, Object> body =
                                  Map.of("orderNo", order.orderNo, "refresh", true);
                              precreated(
                                  world,
                                  order,
                                  null,
                                  concurrently(
                                      10,
                                      n ->
                                          world.system.post(
                                              "/pay/alipay/precreate", body, Map.of())),
                                  true);
                            })));
  }

  static void precreated(
      AtMostOnceWorld world, ModelOrder order, String key, List<Answer> answers) {
    precreated(world, order, key, answers, false);
  }

  /**
   * Checks and records precreate answers. I10: a 200 carries a QR code, and clicks at once get the
   * same one — but refreshes, of which one that came after another's answer may replace it. I11:
   * every code a 200 handed out stays payable until a later request replaces it, so once the clicks
   * are answered the order has exactly one live code, and it is one they handed out.
   */
  static void precreated(
      AtMostOnceWorld world, ModelOrder order, String key, List<Answer> answers, boolean refresh) {
    world.note("  precreate → " + answers.stream().map(AtMostOnceActions::brief).toList());
    List<String> numbers = new ArrayList<>();
    for (Answer answer : runsFirst(answers)) {
      noServerError(world, "precreate", answer);
      if (key != null) {
        AtMostOnceKeyActions.answered(world, key, answer);
      }
      if (answer.status() != 200) {
        continue;
      }
      JsonNode qr = answer.json().path("qrCode");
      String qrCode = qr.isString() ? qr.asString() : "";
      if (qrCode.isEmpty()) {
        fail(world, "I10", "precreate of " + order + " answered 200 without a QR code", answer);
      }
      order.sawCode(answer.text("outTradeNo"), qrCode);
      numbers.add(answer.text("outTradeNo"));
    }
    if (!refresh && numbers.stream().distinct().count() > 1) {
      fail(
          world,
          "I10",
          "precreates of " + order + " at once answered different codes " + numbers,
          answers.get(0));
    }
    List<String> issuedNow =
        answers.stream()
            .filter(a -> a.status() == 200 && !AtMostOnceActions.replayed(a))
            .map(a -> a.text("outTradeNo"))
            .toList();
    boolean unknown = answers.stream().anyMatch(a -> a.status() >= 500);
    if (!issuedNow.isEmpty()) {
      liveCodeIsOneHandedOut(world, order, issuedNow, unknown, answers.get(0));
    }
  }

  /**
   * I11, once a step's precreates are answered and at least one handed out a code (not a replay of
   * an older answer). A click whose answer is unknown (5xx) may have replaced the code and not yet
   * issued its own: then only "never two live codes" is asked.
   */
  private static void liveCodeIsOneHandedOut(
      AtMostOnceWorld world,
      ModelOrder order,
      List<String> handedOut,
      boolean unknown,
      Answer anyAnswer) {
    JsonNode view = world.system.get("/api/orders/" + order.orderNo).json();
    if (!"PAYING".equals(view.path("status").asString())) {
      return; // paid (a buyer was quick) or closed meanwhile: nothing is to stay payable
    }
    List<String> live =
        view.path("payments")
            .valueStream()
            .filter(p -> List.of("PRECREATED", "PAYING").contains(p.path("status").asString()))
            .map(p -> p.path("outTradeNo").asString())
            .toList();
    if (live.size() > 1 || (!unknown && (live.size() != 1 || !handedOut.contains(live.get(0))))) {
      fail(
          world,
          "I11",
          "after precreates of "
              + order
              + " answered "
              + handedOut
              + ", its live codes are "
              + live,
          anyAnswer);
    }
    if (live.isEmpty()) {
      return;
    }
    for (JsonNode trade : world.system.trades(live.get(0))) {
      if ("TRADE_CLOSED".equals(trade.path("status").asString())) {
        fail(
            world,
            "I11",
            "the live code " + live.get(0) + " of " + order + " is closed at the channel",
            anyAnswer);
      }
    }
  }

  /** A buyer pays (or only scans) one of the order's codes, maybe an old one. */
  static Action<AtMostOnceWorld> walletPays() {
    return dependent(
        w -> w.orders.stream().anyMatch(o -> !o.codes.isEmpty()),
        w ->
            Combinators.combine(
                    Arbitraries.of(w.orders.stream().filter(o -> !o.codes.isEmpty()).toList())
                        .map(o -> o.index),
                    Arbitraries.integers().between(0, 3),
                    Arbitraries.of(false, true))
                .as(
                    (index, age, scanOnly) ->
                        step(
                            "buyer "
                                + (scanOnly ? "scans" : "pays")
                                + " code "
                                + (age == 0 ? "latest" : "latest-" + age)
                                + " of #"
                                + index,
                            world -> {
                              ModelOrder order = world.order(index);
                              Code code =
                                  order.codes.get(Math.max(0, order.codes.size() - 1 - age));
                              Answer answer =
                                  scanOnly
                                      ? world.system.walletScan(code.qrCode())
                                      : world.system.walletPay(code.qrCode());
                              world.note("  wallet " + code.outTradeNo() + " → " + brief(answer));
                            })));
  }

  enum CloseRace {
    NONE,
    PRECREATE,
    BUYER_PAYS
  }

  /** The merchant cancels the order, alone or racing a precreate or the buyer's payment. */
  static Action<AtMostOnceWorld> close() {
    return dependent(
        AtMostOnceWorld::hasOrders,
        w ->
            Combinators.combine(orderIndex(w), Arbitraries.of(CloseRace.class))
                .as(
                    (index, race) ->
                        step(
                            "close #" + index + (race == CloseRace.NONE ? "" : " racing " + race),
                            world -> close(world, world.order(index), race))));
  }

  private static void close(AtMostOnceWorld world, ModelOrder order, CloseRace race) {
    AtMostOnceSystem system = world.system;
    Map<String, Object> body = Map.of("orderNo", order.orderNo);
    Code latest = order.codes.isEmpty() ? null : order.codes.get(order.codes.size() - 1);
    boolean racing =
        race == CloseRace.PRECREATE || (race == CloseRace.BUYER_PAYS && latest != null);
    List<Answer> answers =
        concurrently(
            racing ? 2 : 1,
            n -> {
              if (n == 0) {
                return system.post("/pay/close", body, Map.of());
              }
              return race == CloseRace.PRECREATE
                  ? system.post("/pay/alipay/precreate", body, Map.of())
                  : system.walletPay(latest.qrCode());
            });
    Answer closed = answers.get(0);
    world.note("  close → " + brief(closed));
    noServerError(world, "close", closed);
    // From now on nothing of this order may be payable (I9).
    order.closedByMerchant |= closed.status() == 200;
    if (race == CloseRace.PRECREATE) {
      precreated(world, order, null, List.of(answers.get(1)));
    } else if (racing) {
      world.note("  buyer → " + brief(answers.get(1)));
    }
  }

  static Action<AtMostOnceWorld> query() {
    return dependent(
        AtMostOnceWorld::hasOrders,
        w ->
            orderIndex(w)
                .map(
                    index ->
                        step(
                            "query #" + index,
                            world -> {
                              Answer answer =
                                  world.system.get(
                                      "/pay/query?orderNo=" + world.order(index).orderNo);
                              world.note("  query → " + brief(answer));
                              noServerError(world, "query", answer);
                            })));
  }
}
