package io.payonce.sandbox.chaos;

import io.payonce.sandbox.SandboxResettable;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;

/**
 * The current chaos settings: knob values per scope, where a scope is everything, one method, one
 * out_trade_no, or both. The most specific scope that sets a knob wins.
 */
@Component
public class Chaos implements SandboxResettable {

  private final Map<ChaosScope, Map<ChaosKnob, Object>> rules = new ConcurrentHashMap<>();

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
  public void reset() {
    rules.clear();
  }
}
