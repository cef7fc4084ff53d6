package io.payonce.server.payment;

import io.payonce.server.channel.BuyerFacts;
import io.payonce.server.channel.Handoff;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * How a payment row stores its hand-off and its buyer's facts: JSON, the hand-off's shape named by
 * {@code type} ({@code redirect}, {@code app}, {@code bridge}).
 */
final class HandoffJson {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private HandoffJson() {}

  static String write(Handoff handoff) {
    if (handoff instanceof Handoff.AppParams app) {
      return writeApp(app);
    }
    if (handoff instanceof Handoff.Bridge bridge) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("type", bridge.type());
      fields.put("params", new TreeMap<>(bridge.params()));
      return JSON.writeValueAsString(fields);
    }
    if (!(handoff instanceof Handoff.Redirect redirect)) {
      throw new IllegalArgumentException("unknown hand-off " + handoff.type());
    }
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("type", redirect.type());
    fields.put("url", redirect.url());
    fields.put("formAction", redirect.formAction());
    fields.put("formFields", new TreeMap<>(redirect.formFields()));
    return JSON.writeValueAsString(fields);
  }

  /** The stored hand-off, or null when none was stored. */
  static Handoff read(String stored) {
    if (stored == null) {
      return null;
    }
    JsonNode node = JSON.readTree(stored);
    String type = node.path("type").asString();
    if ("app".equals(type)) {
      return readApp(node);
    }
    if ("bridge".equals(type)) {
      Map<String, String> params = new LinkedHashMap<>();
      node.path("params")
          .properties()
          .forEach(e -> params.put(e.getKey(), e.getValue().asString()));
      return new Handoff.Bridge(params);
    }
    if (!"redirect".equals(type)) {
      throw new IllegalStateException("unknown hand-off type " + type);
    }
    Map<String, String> form = new LinkedHashMap<>();
    node.path("formFields")
        .properties()
        .forEach(e -> form.put(e.getKey(), e.getValue().asString()));
    return new Handoff.Redirect(text(node, "url"), text(node, "formAction"), form);
  }

  private static String writeApp(Handoff.AppParams app) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("type", app.type());
    fields.put("fields", new TreeMap<>(app.fields()));
    fields.put("encoded", app.encoded());
    return JSON.writeValueAsString(fields);
  }

  private static Handoff.AppParams readApp(JsonNode node) {
    Map<String, String> fields = new LinkedHashMap<>();
    node.path("fields").properties().forEach(e -> fields.put(e.getKey(), e.getValue().asString()));
    return new Handoff.AppParams(fields, text(node, "encoded"));
  }

  /** The buyer's facts as stored; null when there are none to store. */
  static String write(BuyerFacts buyer) {
    if (buyer == null || buyer.equals(BuyerFacts.none())) {
      return null;
    }
    return JSON.writeValueAsString(buyer);
  }

  static BuyerFacts readBuyer(String stored) {
    return stored == null ? BuyerFacts.none() : JSON.readValue(stored, BuyerFacts.class);
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asString();
  }
}
