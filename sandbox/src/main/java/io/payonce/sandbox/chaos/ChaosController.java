package io.payonce.sandbox.chaos;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * {@code PUT/GET/DELETE /sandbox/chaos}. A PUT body names knobs and, optionally, {@code method}
 * and/or {@code outTradeNo} to scope them; knobs it does not name keep their value. A {@code seed}
 * (an integer, whatever the scope) restarts the dice of the rate knobs from it.
 */
@RestController
@RequestMapping("/sandbox/chaos")
class ChaosController {

  private static final Set<String> NOT_KNOBS = Set.of("method", "outTradeNo", "seed");

  private final Chaos chaos;

  ChaosController(Chaos chaos) {
    this.chaos = chaos;
  }

  @GetMapping
  List<Map<String, Object>> show() {
    return chaos.describe();
  }

  @PutMapping
  List<Map<String, Object>> change(@RequestBody JsonNode body) {
    if (!body.isObject()) {
      throw new IllegalArgumentException("the body must be a JSON object of chaos knobs");
    }
    ChaosScope scope =
        new ChaosScope(body.path("method").asString(null), body.path("outTradeNo").asString(null));
    Long seed = seed(body.get("seed"));
    Map<ChaosKnob, Object> knobs = new EnumMap<>(ChaosKnob.class);
    for (Map.Entry<String, JsonNode> field : body.properties()) {
      if (NOT_KNOBS.contains(field.getKey())) {
        continue;
      }
      ChaosKnob knob =
          ChaosKnob.byJsonName(field.getKey())
              .orElseThrow(
                  () -> new IllegalArgumentException("unknown chaos knob " + field.getKey()));
      knobs.put(knob, field.getValue().isNull() ? null : knob.parse(field.getValue()));
    }
    // Only once the whole body is valid: a refused PUT changes nothing.
    if (seed != null) {
      chaos.seed(seed);
    }
    chaos.apply(scope, knobs);
    return chaos.describe();
  }

  private static Long seed(JsonNode node) {
    if (node == null) {
      return null;
    }
    if (!node.isIntegralNumber() || !node.canConvertToLong()) {
      throw new IllegalArgumentException("seed must be an integer");
    }
    return node.longValue();
  }

  @DeleteMapping
  List<Map<String, Object>> reset() {
    chaos.reset();
    return chaos.describe();
  }
}
