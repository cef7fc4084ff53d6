package io.payonce.server.chaos;

import java.time.Duration;
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
 *
 * <p>A point can also be armed to <em>stall</em> ({@code payonce.chaos.stall-points}): with its
 * probability it logs {@code chaos stall-point=<name>} and holds the thread there for a while, then
 * goes on. The harness watches for that line to kill the database's leader while a request is
 * between two of its statements, e.g. right after its intent was committed.
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

  /** What a stalling point does: hold the calling thread. */
  @FunctionalInterface
  public interface Staller {
    void stall(String point);
  }

  private static volatile Armed armed;
  private static volatile Armed stalls;

  private CrashPoints() {}

  /** Called at a crash point: halts with the point's probability if armed, else nothing. */
  public static void reach(String point) {
    Armed current = armed;
    if (current != null && current.fires(point)) {
      log.error("chaos crash-point={} action=halt status={}", point, HALT_STATUS);
      current.halter().halt(point);
    }
    Armed stalling = stalls;
    if (stalling != null && stalling.fires(point)) {
      log.warn("chaos stall-point={}", point);
      stalling.staller().stall(point);
    }
  }

  /** Arms points to stall the thread that reaches them for {@code stallFor}. */
  public static void armStalls(Map<String, Double> probabilities, long seed, Duration stallFor) {
    armStalls(
        probabilities,
        seed,
        point -> {
          try {
            Thread.sleep(stallFor.toMillis());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
  }

  /** Arms points to stall, with what a stall does. */
  public static void armStalls(Map<String, Double> probabilities, long seed, Staller staller) {
    stalls = new Armed(Map.copyOf(probabilities), new Random(seed), null, staller);
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
    armed = new Armed(Map.copyOf(probabilities), new Random(seed), halter, null);
  }

  /** Makes every point inert again. */
  public static void disarm() {
    armed = null;
    stalls = null;
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

  private record Armed(
      Map<String, Double> probabilities, Random random, Halter halter, Staller staller) {
    boolean fires(String point) {
      Double probability = probabilities.get(point);
      if (probability == null) {
        return false;
      }
      synchronized (random) {
        return random.nextDouble() < probability;
      }
    }
  }
}
