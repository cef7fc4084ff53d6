package io.payonce.server.payment;

import static io.payonce.server.payment.AtMostOnceActions.brief;
import static io.payonce.server.payment.AtMostOnceActions.concurrently;
import static io.payonce.server.payment.AtMostOnceActions.dependent;
import static io.payonce.server.payment.AtMostOnceActions.fail;
import static io.payonce.server.payment.AtMostOnceActions.noServerError;
import static io.payonce.server.payment.AtMostOnceActions.orderIndex;
import static io.payonce.server.payment.AtMostOnceActions.step;

import io.payonce.server.payment.AtMostOnceWorld.Handoff;
import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;
import tools.jackson.databind.JsonNode;

/**
 * The products handed out beside Alipay's QR code and App order string, on the same orders:
 * Alipay's PC and mobile cashier pages, and WeChat Pay's Native QR code (paid at the one wallet,
 * like Alipay's), JSAPI and mini-program payments (for one of two buyers: another openid is another
 * buyer, a switch), H5 page and App parameters — one click or several at once — and the buyer pays
 * one of them through the sandbox (the cashier page opened at Alipay's gateway, the JS bridge, the
 * H5 page, the WeChat app): the latest or an older one, also after the order switched product or
 * channel or was closed. An Alipay page's trade exists only once the buyer opens it, so a close
 * before that proves nothing; a WeChat trade exists from its prepay, so a switch or a close ends it
 * at WeChat for good.
 */
final class AtMostOnceHandoffActions {

  /** Two buyers inside WeChat. */
  private static final List<String> OPENIDS =
      List.of("oAtMostOnceBuyerA0000000000000", "oAtMostOnceBuyerB0000000000000");

  private AtMostOnceHandoffActions() {}

  /** The products this class hands out, as {@code channel verb}. */
  private static final List<String> PRODUCTS =
      List.of(
          "alipay web",
          "alipay mobile-web",
          "wechat precreate",
          "wechat jsapi",
          "wechat mini-program",
          "wechat mobile-web",
          "wechat app");

  /** A hand-off of an order through one of {@link #PRODUCTS}, by 1–3 clicks at once. */
  static Action<AtMostOnceWorld> handoff() {
    return dependent(
        AtMostOnceWorld::hasOrders,
        w ->
            Combinators.combine(
                    orderIndex(w),
                    Arbitraries.of(PRODUCTS),
                    Arbitraries.of(1, 2, 3),
                    Arbitraries.integers().between(0, OPENIDS.size() - 1))
                .as(
                    (index, product, clicks, buyer) ->
                        step(
                            product
                                + " #"
                                + index
                                + " x"
                                + clicks
                                + (bridges(product) ? " buyer " + buyer : ""),
                            world ->
                                handOff(
                                    world,
                                    world.order(index),
                                    product,
                                    clicks,
                                    OPENIDS.get(buyer)))));
  }

  private static boolean bridges(String product) {
    return product.endsWith("jsapi") || product.endsWith("mini-program");
  }

  private static void handOff(
      AtMostOnceWorld world, ModelOrder order, String product, int clicks, String openid) {
    String verb = product.substring(product.indexOf(' ') + 1);
    String path = "/pay/" + product.replace(' ', '/');
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", order.orderNo);
    if (verb.equals("precreate")) {
      AtMostOnceQrActions.precreated(
          world, order, null, concurrently(clicks, n -> world.system.post(path, body, Map.of())));
      return;
    }
    Map<String, String> buyer = new LinkedHashMap<>();
    buyer.put("clientIp", "203.0.113.7");
    buyer.put("returnUrl", "https://shop.example/orders/" + order.orderNo);
    buyer.put("quitUrl", "https://shop.example/cart");
    if (bridges(product)) {
      buyer.put("channelUserId", openid);
    }
    body.put("buyer", buyer);
    List<Answer> answers = concurrently(clicks, n -> world.system.post(path, body, Map.of()));
    world.note("  " + product + " → " + answers.stream().map(AtMostOnceActions::brief).toList());
    List<String> numbers = new ArrayList<>();
    for (Answer answer : answers) {
      noServerError(world, product, answer);
      if (answer.status() != 200) {
        continue;
      }
      JsonNode payable = payable(verb, answer.json().path("handoff"));
      if (payable == null) {
        fail(
            world,
            "I10",
            product + " of " + order + " answered 200 without what the buyer pays with",
            answer);
      }
      String outTradeNo = answer.text("outTradeNo");
      order.outTradeNos.add(outTradeNo);
      order.products.add(product + (bridges(product) ? " " + openid : ""));
      if (order.handoffs.stream().noneMatch(h -> h.payable().equals(payable))) {
        order.handoffs.add(new Handoff(product, outTradeNo, payable, openid));
      }
      numbers.add(outTradeNo);
    }
    if (numbers.stream().distinct().count() > 1) {
      fail(
          world,
          "I10",
          product + " hand-offs of " + order + " at once answered payments " + numbers,
          answers.get(0));
    }
  }

  /** What the buyer pays with in a 200's hand-off, or null when it is missing. */
  private static JsonNode payable(String verb, JsonNode handoff) {
    JsonNode payable =
        switch (verb) {
          case "jsapi", "mini-program" -> handoff.path("params");
          case "app" -> handoff.path("fields");
          default -> handoff.path("url");
        };
    boolean present =
        switch (verb) {
          case "jsapi", "mini-program" -> !payable.path("package").asString("").isEmpty();
          case "app" -> !payable.path("prepayid").asString("").isEmpty();
          default -> !payable.asString("").isEmpty();
        };
    return present ? payable : null;
  }

  /** The buyer pays one of the order's hand-offs: the latest, or an older one. */
  static Action<AtMostOnceWorld> buyerPays() {
    return dependent(
        w -> w.orders.stream().anyMatch(o -> !o.handoffs.isEmpty()),
        w ->
            Combinators.combine(
                    Arbitraries.of(w.orders.stream().filter(o -> !o.handoffs.isEmpty()).toList())
                        .map(o -> o.index),
                    Arbitraries.integers().between(0, 2))
                .as(
                    (index, age) ->
                        step(
                            "buyer pays hand-off "
                                + (age == 0 ? "latest" : "latest-" + age)
                                + " of #"
                                + index,
                            world -> {
                              ModelOrder order = world.order(index);
                              Handoff handoff =
                                  order.handoffs.get(Math.max(0, order.handoffs.size() - 1 - age));
                              Answer answer = pay(world, handoff);
                              world.note(
                                  "  "
                                      + handoff.product()
                                      + " pay "
                                      + handoff.outTradeNo()
                                      + " → "
                                      + brief(answer));
                              noServerError(world, handoff.product() + " pay", answer);
                            })));
  }

  private static Answer pay(AtMostOnceWorld world, Handoff handoff) {
    return switch (handoff.product()) {
      case "alipay web", "alipay mobile-web" ->
          world.system.http.alipayPagePay(handoff.payable().asString(), "2088102146225135");
      case "wechat jsapi", "wechat mini-program" ->
          world.system.http.wechatBridgePay(handoff.payable(), handoff.openid());
      case "wechat app" -> {
        Map<String, String> fields = new LinkedHashMap<>();
        handoff
            .payable()
            .properties()
            .forEach(e -> fields.put(e.getKey(), e.getValue().asString()));
        yield world.system.http.wechatAppPay(fields);
      }
      default -> world.system.http.wechatH5Pay(handoff.payable().asString());
    };
  }
}
