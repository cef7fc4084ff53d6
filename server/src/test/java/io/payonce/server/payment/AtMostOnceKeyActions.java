package io.payonce.server.payment;

import static io.payonce.server.payment.AtMostOnceActions.brief;
import static io.payonce.server.payment.AtMostOnceActions.dependent;
import static io.payonce.server.payment.AtMostOnceActions.fail;
import static io.payonce.server.payment.AtMostOnceActions.noServerError;
import static io.payonce.server.payment.AtMostOnceActions.replayed;
import static io.payonce.server.payment.AtMostOnceActions.step;

import io.payonce.server.payment.AtMostOnceBarcodeActions.Buyer;
import io.payonce.server.payment.AtMostOnceWorld.KeyedRequest;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;

/**
 * Idempotency keys (a precreate's or barcode's requestId, a refund's Idempotency-Key header): a key
 * comes again with the same body, or with another one — and I4, checked on every answer to a keyed
 * request: the first final answer is stored and every replay repeats it byte for byte.
 */
final class AtMostOnceKeyActions {

  private AtMostOnceKeyActions() {}

  /** A key used before comes again: with the same body it replays, with another it is refused. */
  static Action<AtMostOnceWorld> replay() {
    return dependent(
        w -> !replayable(w).isEmpty(),
        w ->
            Combinators.combine(
                    Arbitraries.integers().between(0, replayable(w).size() - 1),
                    Arbitraries.of(true, false))
                .as(
                    (index, sameBody) ->
                        step(
                            "replay key #" + index + (sameBody ? "" : " with another body"),
                            world -> replay(world, replayable(world).get(index), sameBody))));
  }

  /** Keys a chain may send again: not the one of the barcode request still running. */
  private static List<KeyedRequest> replayable(AtMostOnceWorld world) {
    String running = world.barcodeRunning() ? world.barcode.requestId : null;
    return world.keys.values().stream().filter(k -> !Objects.equals(k.key, running)).toList();
  }

  private static void replay(AtMostOnceWorld world, KeyedRequest request, boolean sameBody) {
    Duration age = Duration.between(request.firstSentAt, world.system.now());
    if (age.compareTo(AtMostOnceWorld.KEY_LIFE) > 0) {
      world.note("  key " + request.key + " is too old to replay");
      return;
    }
    Map<String, Object> body = sameBody ? request.body : anotherBody(request);
    Answer answer = world.system.post(request.path, body, request.headers());
    world.note("  " + request.path + " key " + request.key + " → " + brief(answer));
    noServerError(world, "replay", answer);
    if (sameBody) {
      answered(world, request.key, answer);
    } else if (request.stored != null) {
      if (answer.status() != 422 || !answer.text("type").endsWith("/idempotency-key-reused")) {
        fail(world, "I4", "a key reused with another body was not refused", answer);
      }
    } else if (AtMostOnceWorld.isFinal(answer) && !replayed(answer) && !keyProblem(answer)) {
      // Nothing was stored under the key: this request ran, and the key is its from now on.
      request.body = body;
      request.stored = answer;
    }
  }

  /**
   * The server refused the key itself: reused with another body (422), or malformed — too long, not
   * visible characters (400) — which stores nothing under it either.
   */
  private static boolean keyProblem(Answer answer) {
    return (answer.status() == 422 || answer.status() == 400)
        && answer.text("type").contains("/idempotency-key-");
  }

  private static Map<String, Object> anotherBody(KeyedRequest request) {
    Map<String, Object> body = new LinkedHashMap<>(request.body);
    switch (request.path) {
      case "/pay/alipay/precreate" ->
          body.put("refresh", !Boolean.TRUE.equals(body.get("refresh")));
      case "/pay/alipay/barcode" ->
          body.put(
              "authCode",
              Buyer.REFUSED.authCode.equals(body.get("authCode"))
                  ? Buyer.NO_BALANCE.authCode
                  : Buyer.REFUSED.authCode);
      default -> body.put("amount", "0.02".equals(body.get("amount")) ? "0.03" : "0.02");
    }
    return body;
  }

  /**
   * I4: an answer to a keyed request is the stored first final answer, replayed byte for byte — or,
   * while nothing final is stored, a run of its own (which then is the stored one), or the 409 of a
   * key whose first request still runs.
   */
  static void answered(AtMostOnceWorld world, String key, Answer answer) {
    KeyedRequest request = world.keys.get(key);
    if (answer.status() == 409 && answer.text("type").endsWith("/idempotency-key-in-use")) {
      return;
    }
    // A key the server refuses to take (too long, not visible characters) is no key: nothing is
    // stored under it, so each request with it is answered on its own.
    if (answer.status() == 400 && answer.text("type").endsWith("/idempotency-key-invalid")) {
      return;
    }
    if (keyProblem(answer)) {
      fail(world, "I4", "key " + key + " sent again with its own body was refused", answer);
    }
    Answer stored = request.stored;
    if (replayed(answer)) {
      if (stored == null
          || answer.status() != stored.status()
          || !answer.body().equals(stored.body())) {
        fail(
            world,
            "I4",
            "key "
                + key
                + " replayed another answer than its first: "
                + (stored == null ? "none stored" : stored.status() + " " + stored.body()),
            answer);
      }
      return;
    }
    if (stored != null && AtMostOnceWorld.isFinal(answer)) {
      fail(
          world,
          "I4",
          "key "
              + key
              + " ran again after its first final answer "
              + stored.status()
              + " "
              + stored.body(),
          answer);
    }
    if (stored == null && AtMostOnceWorld.isFinal(answer)) {
      request.stored = answer;
    }
  }
}
