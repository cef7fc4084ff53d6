package io.payonce.sandbox.chaos;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.SandboxResettable;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The current chaos settings: knob values per scope, where a scope is everything, one method, one
 * out_trade_no, or both. The most specific scope that sets a knob wins.
 *
 * <p>Rate knobs draw from one dice seeded by {@code payonce.sandbox.chaos-seed} (random and logged
 * when unset) or by a {@code seed} in {@code PUT /sandbox/chaos}. A reset restarts the dice from
 * its seed, so the same calls in the same order meet the same faults.
 */
@Component
public class Chaos implements SandboxResettable {

  private static final Logger log = LoggerFactory.getLogger(Chaos.class);

  private final Map<ChaosScope, Map<ChaosKnob, Object>> rules = new ConcurrentHashMap<>();
  private volatile long seed;
  private volatile Random dice;

  Chaos(SandboxProperties properties) {
    Long configured = properties.getChaosSeed();
    seed(
        configured == null ? ThreadLocalRandom.current().nextLong() : configured,
        configured == null ? "random" : "property");
  }

  /** Sets knobs in one scope; a null value removes that knob from the scope. */
  public void apply(ChaosScope scope, Map<ChaosKnob, Object> knobs) {
    rules.compute(
        scope,
        (s, current) -> {
          Map<ChaosKnob, Object> merged =
              current == null ? new EnumMap<>(ChaosKnob.class) : new EnumMap<>(current);
          knobs.forEach(
              (knob, value) -> {
                if (value == null) {
                  merged.remove(knob);
                } else {
                  merged.put(knob, value);
                }
              });
          return merged.isEmpty() ? null : Map.copyOf(merged);
        });
  }

  public boolean flag(ChaosKnob knob, String method, String outTradeNo) {
    return (Boolean) value(knob, method, outTradeNo);
  }

  public long number(ChaosKnob knob, String method, String outTradeNo) {
    return ((Number) value(knob, method, outTradeNo)).longValue();
  }

  public double rate(ChaosKnob knob, String method, String outTradeNo) {
    return ((Number) value(knob, method, outTradeNo)).doubleValue();
  }

  /** Whether a rate knob fires this time: never at 0, always at 1, else by the seeded dice. */
  public boolean roll(ChaosKnob knob, String method, String outTradeNo) {
    double rate = rate(knob, method, outTradeNo);
    return rate >= 1 || (rate > 0 && dice.nextDouble() < rate);
  }

  /** Heads or tails from the seeded dice, for knobs that pick between outcomes at random. */
  public boolean coin() {
    return dice.nextBoolean();
  }

  /** Restarts the dice from this seed. */
  public void seed(long seed) {
    seed(seed, "request");
  }

  public long seed() {
    return seed;
  }

  private synchronized void seed(long seed, String source) {
    this.seed = seed;
    this.dice = new Random(seed);
    log.info("chaos_seeded seed={} source={}", seed, source);
  }

  public String choice(ChaosKnob knob, String method, String outTradeNo) {
    return (String) value(knob, method, outTradeNo);
  }

  public Object value(ChaosKnob knob, String method, String outTradeNo) {
    return Stream.of(
            new ChaosScope(method, outTradeNo),
            new ChaosScope(null, outTradeNo),
            new ChaosScope(method, null),
            ChaosScope.EVERYTHING)
        .map(rules::get)
        .filter(knobs -> knobs != null && knobs.containsKey(knob))
        .map(knobs -> knobs.get(knob))
        .findFirst()
        .orElse(knob.defaultValue());
  }

  /** One JSON-ready map per scope, the scope's own fields first. */
  public List<Map<String, Object>> describe() {
    List<Map<String, Object>> described = new ArrayList<>();
    rules.forEach(
        (scope, knobs) -> {
          Map<String, Object> rule = new LinkedHashMap<>();
          rule.put("method", scope.method());
          rule.put("outTradeNo", scope.outTradeNo());
          knobs.forEach((knob, value) -> rule.put(knob.jsonName(), value));
          described.add(rule);
        });
    return described;
  }

  @Override
  public synchronized void reset() {
    rules.clear();
    dice = new Random(seed);
  }
}
