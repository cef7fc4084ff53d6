package io.payonce.sandbox.chaos;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * {@code PUT/GET/DELETE /sandbox/chaos}. A PUT body names knobs and, optionally, {@code method}
 * and/or {@code outTradeNo} to scope them; knobs it does not name keep their value.
 */
@RestController
@RequestMapping("/sandbox/chaos")
class ChaosController {

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
    Map<ChaosKnob, Object> knobs = new EnumMap<>(ChaosKnob.class);
    for (Map.Entry<String, JsonNode> field : body.properties()) {
      if (field.getKey().equals("method") || field.getKey().equals("outTradeNo")) {
        continue;
      }
      ChaosKnob knob =
          ChaosKnob.byJsonName(field.getKey())
              .orElseThrow(
                  () -> new IllegalArgumentException("unknown chaos knob " + field.getKey()));
      knobs.put(knob, field.getValue().isNull() ? null : knob.parse(field.getValue()));
    }
    chaos.apply(scope, knobs);
    return chaos.describe();
  }

  @DeleteMapping
  List<Map<String, Object>> reset() {
    chaos.reset();
    return chaos.describe();
  }
}
