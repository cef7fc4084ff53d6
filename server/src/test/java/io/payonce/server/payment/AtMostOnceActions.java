package io.payonce.server.payment;

import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.Transformer;
import tools.jackson.databind.JsonNode;

/**
 * What a chain can do to the system, each a jqwik {@link Action} whose description names every
 * choice it made (orders by their index in the chain, so that a shrunk chain reads as a recipe):
 * the merchant at the server's API, buyers at the sandbox's wallet, the channel misbehaving through
 * the sandbox's chaos knobs, the janitors, and time. Also the checks that concern one answer: I0
 * here, I4 in {@link AtMostOnceKeyActions}, I7 and I10 where those answers come.
 */
final class AtMostOnceActions {

  /**
   * Actions to leave out, by name ({@code -Dpayonce.stateful.without=startBarcode,refund}): to look
   * past a known bug while it is being fixed. Never set in the build.
   */
  static final String WITHOUT = "payonce.stateful.without";

  private AtMostOnceActions() {}

  /** An action and how often a chain picks it, relative to the others. */
  record Weighted(int weight, String name, Action<AtMostOnceWorld> action) {}

  /** Every action, in a fixed order: a seed picks the same actions as long as this list stays. */
  static List<Weighted> all() {
    return List.of(
            new Weighted(3, "createOrder", AtMostOnceQrActions.createOrder()),
            new Weighted(6, "precreate", AtMostOnceQrActions.precreate()),
            new Weighted(2, "refreshStorm", AtMostOnceQrActions.refreshStorm()),
            new Weighted(5, "walletPays", AtMostOnceQrActions.walletPays()),
            new Weighted(2, "barcode", AtMostOnceBarcodeActions.barcode()),
            new Weighted(2, "startBarcode", AtMostOnceBarcodeActions.startBarcode()),
            new Weighted(2, "confirmBarcode", AtMostOnceBarcodeActions.confirmBarcode()),
            new Weighted(1, "awaitBarcode", AtMostOnceBarcodeActions.awaitBarcode()),
            new Weighted(3, "close", AtMostOnceQrActions.close()),
            new Weighted(1, "query", AtMostOnceQrActions.query()),
            new Weighted(4, "refund", AtMostOnceRefundActions.refund()),
            new Weighted(2, "replay", AtMostOnceKeyActions.replay()),
            new Weighted(2, "notifyChaos", AtMostOnceChaosActions.notifies()),
            new Weighted(1, "channelTrouble", AtMostOnceChaosActions.channelTrouble()),
            new Weighted(1, "calm", AtMostOnceChaosActions.calm()),
            new Weighted(2, "janitor", AtMostOnceTimeActions.janitor()),
            new Weighted(1, "refundJanitor", AtMostOnceTimeActions.refundJanitor()),
            new Weighted(3, "advanceClocks", AtMostOnceTimeActions.advanceClocks()),
            new Weighted(1, "settle", AtMostOnceTimeActions.settle()),
            new Weighted(3, "appHandoff", AtMostOnceOnlineActions.appHandoff()),
            new Weighted(3, "appPays", AtMostOnceOnlineActions.appPays()),
            new Weighted(4, "handoff", AtMostOnceHandoffActions.handoff()),
            new Weighted(4, "buyerPays", AtMostOnceHandoffActions.buyerPays()))
        .stream()
        .filter(w -> !List.of(System.getProperty(WITHOUT, "").split(",")).contains(w.name()))
        .toList();
  }

  static Action<AtMostOnceWorld> dependent(
      Predicate<AtMostOnceWorld> precondition,
      Function<AtMostOnceWorld, Arbitrary<Transformer<AtMostOnceWorld>>> transformer) {
    return new Action.Dependent<>() {
      @Override
      public boolean precondition(AtMostOnceWorld world) {
        return precondition.test(world);
      }

      @Override
      public Arbitrary<Transformer<AtMostOnceWorld>> transformer(AtMostOnceWorld world) {
        return transformer.apply(world);
      }
    };
  }

  /**
   * A step that numbers and notes itself in the world's trace, then runs — after the answer of a
   * barcode request that ended in the background meanwhile was checked, so that the model knows
   * what it stored.
   */
  static Transformer<AtMostOnceWorld> step(String description, Consumer<AtMostOnceWorld> change) {
    return Transformer.mutate(
        description,
        world -> {
          if (world.barcode != null && world.barcode.answer.isDone()) {
            world.finishBarcode();
          }
          world.note(world.nextStep() + ". " + description);
          change.accept(world);
        });
  }

  static Arbitrary<Integer> orderIndex(AtMostOnceWorld world) {
    return Arbitraries.integers().between(0, world.orders.size() - 1);
  }

  /**
   * Lengths of a requestId (0: none), weighted as given, and now and then one character longer than
   * the database column (64) while within what the API accepts (128).
   */
  @SafeVarargs
  static Arbitrary<Integer> requestIdLengths(Tuple.Tuple2<Integer, Integer>... weighted) {
    List<Tuple.Tuple2<Integer, Integer>> lengths = new ArrayList<>(List.of(weighted));
    lengths.add(Tuple.of(1, 65));
    return Arbitraries.frequency(lengths);
  }

  /** A fresh key of exactly {@code length} characters. */
  static String key(AtMostOnceWorld world, int length) {
    StringBuilder key = new StringBuilder(world.next("k"));
    while (key.length() < length) {
      key.append('x');
    }
    return key.substring(0, length);
  }

  /** The same request sent by {@code threads} threads at once; every answer. */
  static <T> List<T> concurrently(int threads, IntFunction<T> work) {
    try {
      return Concurrently.run(threads, work);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Concurrent answers in an order they could have been given in: the requests that ran before the
   * replays of what they stored.
   */
  static List<Answer> runsFirst(List<Answer> answers) {
    return answers.stream().sorted(Comparator.comparing(AtMostOnceActions::replayed)).toList();
  }

  static boolean replayed(Answer answer) {
    return "true".equals(answer.header("Idempotent-Replayed"));
  }

  /** I0: the server never answers 500 — every failure it knows of has its own problem type. */
  static void noServerError(AtMostOnceWorld world, String what, Answer answer) {
    if (answer.status() == 500) {
      fail(world, "I0", what + " answered 500", answer);
    }
  }

  static void fail(AtMostOnceWorld world, String invariant, String what, Answer answer) {
    throw new AssertionError(
        invariant
            + " broken: "
            + what
            + "\n  answer: "
            + answer.status()
            + " "
            + answer.body()
            + "\n  trace:\n    "
            + String.join("\n    ", world.trace));
  }

  /** An answer in a few words, for the trace: status, then problem type or status field. */
  static String brief(Answer answer) {
    if (answer == null) {
      return "-";
    }
    String summary;
    try {
      summary = summary(answer.json());
    } catch (RuntimeException notJson) {
      String body = answer.body() == null ? "" : answer.body();
      summary = body.length() > 60 ? body.substring(0, 60) : body;
    }
    return answer.status() + " " + summary + (replayed(answer) ? " (replayed)" : "");
  }

  private static String summary(JsonNode json) {
    if (json.has("type")) {
      return json.path("type").asString().replace("https://payonce.io/problems/", "");
    }
    if (json.has("paymentStatus")) {
      return json.path("outTradeNo").asString() + " " + json.path("paymentStatus").asString();
    }
    for (String field : List.of("status", "orderStatus", "tradeStatus")) {
      if (json.has(field)) {
        return json.path(field).asString();
      }
    }
    return "";
  }
}
