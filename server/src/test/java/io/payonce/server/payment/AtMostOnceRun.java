package io.payonce.server.payment;

import java.security.SecureRandom;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyAttributes;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Chooses the seed, the number of tries and the shrinking of a stateful property before it starts,
 * and prints them, so that any run — not only a failed one — can be replayed:
 *
 * <ul>
 *   <li>{@code -Dpayonce.stateful.seed=<seed>} (or {@code @Property(seed = "<seed>")}) replays a
 *       run; without either a fresh seed is drawn;
 *   <li>{@code -Dpayonce.stateful.tries=500} runs longer than the annotation's tries;
 *   <li>{@code -Dpayonce.stateful.shrinking=FULL} shrinks a failure for as long as it takes
 *       (default: jqwik's bounded shrinking, {@code jqwik.shrinking.bounded.seconds}).
 * </ul>
 */
class AtMostOnceRun implements AroundPropertyHook {

  static final String SEED = "payonce.stateful.seed";
  static final String TRIES = "payonce.stateful.tries";
  static final String SHRINKING = "payonce.stateful.shrinking";

  @Override
  public PropertyExecutionResult aroundProperty(
      PropertyLifecycleContext context, PropertyExecutor property) {
    PropertyAttributes attributes = context.attributes();
    String seed = System.getProperty(SEED, "").strip();
    if (seed.isEmpty()) {
      seed = attributes.seed().orElseGet(() -> Long.toString(new SecureRandom().nextLong()));
    }
    attributes.setSeed(seed);
    String tries = System.getProperty(TRIES, "").strip();
    if (!tries.isEmpty()) {
      attributes.setTries(Integer.parseInt(tries));
    }
    String shrinking = System.getProperty(SHRINKING, "").strip();
    if (!shrinking.isEmpty()) {
      attributes.setShrinking(ShrinkingMode.valueOf(shrinking));
    }
    String without = System.getProperty(AtMostOnceActions.WITHOUT, "").strip();
    System.out.printf(
        "%s: seed=%s tries=%s%s — replay with -D%s=%s%n",
        context.extendedLabel(),
        seed,
        attributes.tries().map(String::valueOf).orElse("default"),
        without.isEmpty() ? "" : " without=" + without,
        SEED,
        seed);
    PropertyExecutionResult result = property.execute();
    System.out.printf(
        "%s: %s after %d tries, seed=%s%n",
        context.extendedLabel(), result.status(), result.countTries(), seed);
    return result;
  }
}
