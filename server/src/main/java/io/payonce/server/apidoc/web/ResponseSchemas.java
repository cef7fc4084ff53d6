package io.payonce.server.apidoc.web;

import io.payonce.server.channel.Channel;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.payment.PaymentStatus;
import io.payonce.server.refund.RefundKind;
import io.payonce.server.refund.RefundStatus;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What springdoc cannot read from a record: the server's JSON writes every component of an answer,
 * nulls included, so each property of a success answer is required, and those that may be null say
 * so ({@code ["string", "null"]}). Which may be null is declared here, per schema; the contract
 * test (MerchantApiContractIntegrationTests) fails on a null the document does not allow.
 */
final class ResponseSchemas {

  /** Per schema (the record's simple name), the properties that may be null. */
  static final Map<String, Set<String>> NULLABLE =
      Map.ofEntries(
          Map.entry("OrderView", Set.of("title", "paidBy")),
          Map.entry("PaymentView", Set.of("tradeNo", "expireTime")),
          Map.entry("QueryAnswer", Set.of("payment")),
          Map.entry("PaymentState", Set.of("tradeNo", "expireTime")),
          Map.entry("PaymentDetails", Set.of("tradeNo", "qrCode", "expireTime")),
          Map.entry("JournalEntry", Set.of("fromStatus", "detail")),
          Map.entry(
              "NotifyReceipt",
              Set.of(
                  "outTradeNo",
                  "notifyId",
                  "eventKey",
                  "tradeStatus",
                  "totalAmount",
                  "reply",
                  "detail",
                  "payloadHash")),
          Map.entry("ChannelCall", Set.of("outTradeNo", "detail", "took")),
          Map.entry("Alarm", Set.of("channel", "outTradeNo", "detail", "resolvedAt", "resolution")),
          Map.entry("PrecreateAnswer", Set.of("expireTime")),
          Map.entry("BarcodeAnswer", Set.of("tradeNo")),
          Map.entry("RefundView", Set.of("detail")),
          Map.entry(WebhookDocumentation.ENVELOPE, Set.of("outTradeNo", "amount", "currency")));

  /**
   * Per schema, its string properties that carry a server enum's name, and the enum: the document
   * lists the values a client may switch on (a record's String says nothing of them). A status the
   * server adds appears here without an edit.
   */
  static final Map<String, Map<String, Class<? extends Enum<?>>>> ENUMS =
      Map.ofEntries(
          Map.entry("OrderView", Map.of("status", OrderStatus.class)),
          Map.entry("PaymentView", Map.of("status", PaymentStatus.class, "channel", Channel.class)),
          Map.entry("QueryAnswer", Map.of("orderStatus", OrderStatus.class)),
          Map.entry("PaymentState", Map.of("status", PaymentStatus.class)),
          Map.entry(
              "PaymentDetails", Map.of("status", PaymentStatus.class, "channel", Channel.class)),
          Map.entry("CloseAnswer", Map.of("orderStatus", OrderStatus.class)),
          Map.entry("RefundView", Map.of("status", RefundStatus.class, "kind", RefundKind.class)),
          Map.entry("RefundSucceededData", Map.of("channel", Channel.class)));

  /**
   * The hand-off's shapes, one of which an answer's {@code handoff} is: each says its own {@code
   * type}, so that exactly one shape matches (their other properties would let a redirect pass for
   * app parameters).
   */
  static final Map<String, String> HANDOFF_TYPES =
      Map.of("Redirect", "redirect", "AppParams", "app", "Bridge", "bridge");

  private static final String REF = "#/components/schemas/";

  private ResponseSchemas() {}

  @SuppressWarnings("rawtypes")
  static void complete(OpenAPI api) {
    Map<String, Schema> schemas = api.getComponents().getSchemas();
    if (schemas == null) {
      return;
    }
    HANDOFF_TYPES.forEach((name, type) -> constrainType(schemas, name, type));
    for (String name : successSchemas(api, schemas)) {
      Schema<?> schema = schemas.get(name);
      if (schema == null || schema.getProperties() == null) {
        continue;
      }
      schema.setRequired(new ArrayList<>(new TreeSet<>(schema.getProperties().keySet())));
      enumerate(name, schema);
      for (String property : NULLABLE.getOrDefault(name, Set.of())) {
        Schema<?> value = schema.getProperties().get(property);
        if (value == null) {
          throw new IllegalStateException(name + " has no property " + property);
        }
        schema.getProperties().put(property, nullable(value));
      }
    }
  }

  /**
   * The hand-off shape {@code name} says its {@code type} is {@code type}: on the shape's own
   * properties, which springdoc writes beside the sealed interface's ({@code allOf}).
   */
  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void constrainType(Map<String, Schema> schemas, String name, String type) {
    Schema<?> shape = schemas.get(name);
    if (shape == null) {
      throw new IllegalStateException("no hand-off schema " + name);
    }
    Schema<?> own = shape;
    if (shape.getProperties() == null && shape.getAllOf() != null) {
      own =
          shape.getAllOf().stream()
              .filter(part -> part.get$ref() == null)
              .findFirst()
              .orElseThrow(() -> new IllegalStateException(name + " has no properties"));
    }
    Schema value = new Schema<>();
    value.addType("string");
    value.setEnum(List.of(type));
    own.addProperty("type", value);
    List<String> required =
        new ArrayList<>(own.getRequired() == null ? List.of() : own.getRequired());
    if (!required.contains("type")) {
      required.add("type");
    }
    own.setRequired(required);
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  static void enumerate(String name, Schema<?> schema) {
    ENUMS
        .getOrDefault(name, Map.of())
        .forEach(
            (property, type) -> {
              Schema value = schema.getProperties().get(property);
              if (value == null) {
                throw new IllegalStateException(name + " has no property " + property);
              }
              value.setEnum(Arrays.stream(type.getEnumConstants()).map(Enum::name).toList());
            });
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  static Schema<?> nullable(Schema<?> value) {
    if (value.get$ref() != null) {
      Schema<Object> ref = new Schema<>().$ref(value.get$ref());
      Schema<Object> none = new Schema<>();
      none.addType("null");
      Schema<Object> either = new Schema<>();
      either.setAnyOf(List.of(ref, none));
      return either;
    }
    Set<String> types = value.getTypes() == null ? new LinkedHashSet<>() : value.getTypes();
    if (value.getType() != null) {
      types.add(value.getType());
    }
    types.add("null");
    value.setTypes(types);
    return value;
  }

  /** The schemas of 2xx answers and of the webhook envelope, and every schema they reference. */
  @SuppressWarnings("rawtypes")
  private static Set<String> successSchemas(OpenAPI api, Map<String, Schema> schemas) {
    Deque<Schema<?>> pending = new ArrayDeque<>();
    if (api.getPaths() != null) {
      api.getPaths()
          .values()
          .forEach(
              path ->
                  path.readOperations()
                      .forEach(
                          operation ->
                              operation
                                  .getResponses()
                                  .forEach(
                                      (status, response) -> {
                                        if (status.startsWith("2")
                                            && response.getContent() != null) {
                                          response.getContent().values().stream()
                                              .map(MediaType::getSchema)
                                              .forEach(pending::add);
                                        }
                                      })));
    }
    pending.add(new Schema<>().$ref(REF + WebhookDocumentation.ENVELOPE));
    Set<String> found = new TreeSet<>();
    while (!pending.isEmpty()) {
      Schema<?> schema = pending.pop();
      if (schema == null) {
        continue;
      }
      if (schema.get$ref() != null) {
        String name = schema.get$ref().substring(REF.length());
        if (found.add(name) && schemas.get(name) != null) {
          pending.add(schemas.get(name));
        }
        continue;
      }
      if (schema.getItems() != null) {
        pending.add(schema.getItems());
      }
      if (schema.getProperties() != null) {
        schema.getProperties().values().forEach(pending::add);
      }
      if (schema.getAnyOf() != null) {
        schema.getAnyOf().forEach(pending::add);
      }
    }
    return found;
  }
}
