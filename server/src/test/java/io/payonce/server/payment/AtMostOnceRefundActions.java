package io.payonce.server.payment;

import static io.payonce.server.payment.AtMostOnceActions.concurrently;
import static io.payonce.server.payment.AtMostOnceActions.dependent;
import static io.payonce.server.payment.AtMostOnceActions.fail;
import static io.payonce.server.payment.AtMostOnceActions.noServerError;
import static io.payonce.server.payment.AtMostOnceActions.orderIndex;
import static io.payonce.server.payment.AtMostOnceActions.runsFirst;
import static io.payonce.server.payment.AtMostOnceActions.step;

import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;

/**
 * Merchant refunds: full, half, one cent or more than the order; under a new number, the last
 * number again, or the last number with another amount; sent once or three times at once, with or
 * without an Idempotency-Key — on any order, paid or not.
 */
final class AtMostOnceRefundActions {

  private AtMostOnceRefundActions() {}

  enum Size {
    HALF,
    FULL,
    ONE_CENT,
    BEYOND_THE_AMOUNT
  }

  /** Which refund number: the order's last one falls back to a new one when it has none yet. */
  enum Number {
    NEW,
    LAST,
    LAST_WITH_ANOTHER_AMOUNT
  }

  static Action<AtMostOnceWorld> refund() {
    return dependent(
        AtMostOnceWorld::hasOrders,
        w ->
            Combinators.combine(
                    orderIndex(w),
                    Arbitraries.of(Size.class),
                    Arbitraries.of(Number.class),
                    Arbitraries.of(1, 3),
                    Arbitraries.of(false, true))
                .as(
                    (index, size, number, copies, keyed) ->
                        step(
                            "refund #"
                                + index
                                + " "
                                + size
                                + " under the "
                                + number
                                + " number x"
                                + copies
                                + (keyed ? " with an Idempotency-Key" : ""),
                            world ->
                                refund(world, world.order(index), size, number, copies, keyed))));
  }

  private static void refund(
      AtMostOnceWorld world,
      ModelOrder order,
      Size size,
      Number number,
      int copies,
      boolean keyed) {
    long amount =
        switch (size) {
          case HALF -> Math.max(1, order.amountMinor / 2);
          case FULL -> order.amountMinor;
          case ONE_CENT -> 1;
          case BEYOND_THE_AMOUNT -> order.amountMinor + 1;
        };
    String outRequestNo;
    if (number == Number.NEW || order.refundNumbers.isEmpty()) {
      outRequestNo = world.next("R_");
    } else {
      var last =
          new ArrayList<>(order.refundNumbers.entrySet()).get(order.refundNumbers.size() - 1);
      outRequestNo = last.getKey();
      amount = number == Number.LAST ? last.getValue() : last.getValue() + 1;
    }
    order.refundNumbers.putIfAbsent(outRequestNo, amount);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", order.orderNo);
    body.put("outRequestNo", outRequestNo);
    body.put("amount", AtMostOnceWorld.yuan(amount));
    body.put("reason", "at-most-once");
    Map<String, String> headers = new HashMap<>();
    String key = keyed ? AtMostOnceActions.key(world, 20) : null;
    if (key != null) {
      world.keyed("/pay/refund", key, Map.copyOf(body), true);
      headers.put("Idempotency-Key", key);
    }
    List<Answer> answers =
        concurrently(copies, n -> world.system.post("/pay/refund", body, headers));
    world.note(
        "  refund "
            + outRequestNo
            + " of "
            + AtMostOnceWorld.yuan(amount)
            + " → "
            + answers.stream().map(AtMostOnceActions::brief).toList());
    for (Answer answer : runsFirst(answers)) {
      noServerError(world, "refund", answer);
      if (key != null) {
        AtMostOnceKeyActions.answered(world, key, answer);
      }
    }
    if (key == null) {
      oneNumberOneRefund(world, answers);
    }
  }

  /**
   * I7: one refund number sent several times at once is one refund: if any copy was accepted (200
   * or 202), every copy was.
   */
  private static void oneNumberOneRefund(AtMostOnceWorld world, List<Answer> answers) {
    boolean anyAccepted = answers.stream().anyMatch(AtMostOnceRefundActions::accepted);
    answers.stream()
        .filter(answer -> anyAccepted && !accepted(answer))
        .findFirst()
        .ifPresent(
            refused ->
                fail(
                    world,
                    "I7",
                    "one refund number sent "
                        + answers.size()
                        + " times at once was accepted and refused: "
                        + answers.stream().map(AtMostOnceActions::brief).toList(),
                    refused));
  }

  private static boolean accepted(Answer answer) {
    return answer.status() == 200 || answer.status() == 202;
  }
}
