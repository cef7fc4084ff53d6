package io.payonce.sandbox.chaos;

import java.util.List;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * The gateway knobs as every channel's gateway applies them: an effect that lands late, latency
 * before the reply, an injected unknown-outcome error instead of the call, the call committed and
 * then its reply stalled, and a reply signature that does not verify. Written once so that the dice
 * are drawn in the same order whatever the channel, and the call logs name the knobs met in the
 * same order.
 */
@Component
public class GatewayChaos {

  private final Chaos chaos;

  GatewayChaos(Chaos chaos) {
    this.chaos = chaos;
  }

  /** A reply and how long to hold it back. */
  public record Delayed<R>(R reply, long delayMillis) {}

  /**
   * Runs the call, or answers the channel's injected error instead when gatewayErrorRate fires. The
   * names of the knobs met are added to {@code applied}.
   */
  public <R> Delayed<R> run(
      String method,
      String outTradeNo,
      List<String> applied,
      Supplier<R> injectedError,
      Supplier<R> call) {
    long delay = chaos.number(ChaosKnob.GATEWAY_LATENCY_MS, method, outTradeNo);
    if (delay > 0) {
      applied.add(ChaosKnob.GATEWAY_LATENCY_MS.jsonName());
    }
    long effectDelay = chaos.number(ChaosKnob.EFFECT_DELAY_MS, method, outTradeNo);
    if (effectDelay > 0) {
      // Held on this thread on purpose: the effect itself is late, not only its reply.
      applied.add(ChaosKnob.EFFECT_DELAY_MS.jsonName());
      java.util.concurrent.locks.LockSupport.parkNanos(
          java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(effectDelay));
    }
    R reply;
    if (chaos.roll(ChaosKnob.GATEWAY_ERROR_RATE, method, outTradeNo)) {
      applied.add(ChaosKnob.GATEWAY_ERROR_RATE.jsonName());
      reply = injectedError.get();
    } else {
      reply = call.get();
    }
    if (chaos.flag(ChaosKnob.COMMIT_THEN_TIMEOUT, method, outTradeNo)) {
      applied.add(ChaosKnob.COMMIT_THEN_TIMEOUT.jsonName());
      delay += chaos.number(ChaosKnob.COMMIT_THEN_TIMEOUT_STALL_MS, method, outTradeNo);
    }
    return new Delayed<>(reply, delay);
  }

  /** Whether the reply is to carry a signature that does not verify; noted in {@code applied}. */
  public boolean forgesSignature(String method, String outTradeNo, List<String> applied) {
    boolean forge = chaos.flag(ChaosKnob.GATEWAY_BAD_SIGNATURE, method, outTradeNo);
    if (forge) {
      applied.add(ChaosKnob.GATEWAY_BAD_SIGNATURE.jsonName());
    }
    return forge;
  }
}
