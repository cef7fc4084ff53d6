package io.payonce.server.chaos;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Named places where the chaos harness may kill the server: {@code CrashPoints.reach("name")} is
 * one line at the call site and does nothing unless {@code payonce.chaos.crash-points} armed that
 * name; then, with the configured probability, it logs the point and halts the JVM with exit status
 * 137 — no shutdown hooks, no connection closed politely, as a kill -9 would.
 *
 * <p>The points the server reaches:
 *
 * <ul>
 *   <li>{@code after-order-lock}: a payment is being opened, its order's row locked, its INIT row
 *       not inserted yet;
 *   <li>{@code after-init-commit}: a payment's INIT row is committed, its channel call not made;
 *   <li>{@code after-channel-answer}: the channel answered (precreate, barcode pay, refund), the
 *       answer is not recorded yet;
 *   <li>{@code after-success-commit}: a channel result (notify, query, precreate or pay answer) is
 *       committed, the reply not sent;
 *   <li>{@code relay-after-confirm}: the event sink confirmed a batch, the outbox rows are not
 *       marked published;
 *   <li>{@code webhook-after-post}: a webhook POST (the dispatcher's or an operator's resend) was
 *       answered, its attempt is not recorded and the delivery not moved.
 * </ul>
 */
public final class CrashPoints {

  /** The exit status of a halt, as after a SIGKILL. */
  public static final int HALT_STATUS = 137;

  private static final Logger log = LoggerFactory.getLogger(CrashPoints.class);

  /** What happens when a point fires; the JVM's halt outside tests. */
  @FunctionalInterface
  public interface Halter {
    void halt(String point);
  }

  private static volatile Armed armed;

  private CrashPoints() {}

  /** Called at a crash point: halts with the point's probability if armed, else nothing. */
  public static void reach(String point) {
    Armed current = armed;
    if (current == null) {
      return;
    }
    Double probability = current.probabilities().get(point);
    if (probability == null || !current.draw(probability)) {
      return;
    }
    log.error("chaos crash-point={} action=halt status={}", point, HALT_STATUS);
    current.halter().halt(point);
  }

  /** Arms the points with their probabilities; the JVM halts when one fires. */
  public static void arm(Map<String, Double> probabilities, long seed) {
    arm(
        probabilities,
        seed,
        point -> {
          System.out.flush();
          System.err.flush();
          Runtime.getRuntime().halt(HALT_STATUS);
        });
  }

  /** Arms the points with their probabilities and what a firing point does. */
  public static void arm(Map<String, Double> probabilities, long seed, Halter halter) {
    armed = new Armed(Map.copyOf(probabilities), new Random(seed), halter);
  }

  /** Makes every point inert again. */
  public static void disarm() {
    armed = null;
  }

  public static boolean isArmed() {
    return armed != null;
  }

  /**
   * Parses {@code point=probability,...}; a probability is between 0 and 1.
   *
   * @throws IllegalArgumentException on anything else
   */
  public static Map<String, Double> parse(String spec) {
    Map<String, Double> points = new LinkedHashMap<>();
    if (spec == null || spec.isBlank()) {
      return points;
    }
    for (String pair : spec.split(",")) {
      String[] parts = pair.trim().split("=", 2);
      if (parts.length != 2 || parts[0].isBlank()) {
        throw new IllegalArgumentException("expected point=probability, got '" + pair + "'");
      }
      double probability;
      try {
        probability = Double.parseDouble(parts[1].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("not a probability: '" + pair + "'", e);
      }
      if (!(probability >= 0 && probability <= 1)) {
        throw new IllegalArgumentException("a probability is between 0 and 1: '" + pair + "'");
      }
      points.put(parts[0].trim(), probability);
    }
    return points;
  }

  private record Armed(Map<String, Double> probabilities, Random random, Halter halter) {
    boolean draw(double probability) {
      synchronized (random) {
        return random.nextDouble() < probability;
      }
    }
  }
}
