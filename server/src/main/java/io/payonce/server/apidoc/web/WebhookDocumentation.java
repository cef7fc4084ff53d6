package io.payonce.server.apidoc.web;

import io.payonce.server.order.OrderEventData;
import io.payonce.server.outbox.EventEnvelope;
import io.payonce.server.payment.PaymentEventData;
import io.payonce.server.refund.DuplicatePaymentDetectedData;
import io.payonce.server.refund.OrderRefundedData;
import io.payonce.server.refund.RefundSucceededData;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.HeaderParameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The events PayOnce POSTs to the merchant's webhook (OpenAPI 3.1 {@code webhooks}): the envelope's
 * schema read from {@link EventEnvelope} itself, one entry per event type whose body is the
 * envelope narrowed to its type and its {@code data} (the schema read from the record the outbox
 * writes, e.g. {@link OrderEventData}), with an example of its own, and the signature headers the
 * {@code client} module's {@code WebhookVerifier} checks. docs/events.md has the delivery
 * guarantees.
 */
final class WebhookDocumentation {

  static final String ENVELOPE = "EventEnvelope";
  static final String SIGNATURE_HEADER = "PayOnce-Signature";
  static final String EVENT_ID_HEADER = "PayOnce-Event-Id";

  /** An event type: what it says (docs/events.md) and the record its {@code data} is written as. */
  record EventType(String description, Class<? extends Record> data) {}

  /** The event types written today, in the document's order. */
  static final Map<String, EventType> TYPES = types();

  private static Map<String, EventType> types() {
    Map<String, EventType> types = new LinkedHashMap<>();
    types.put(
        "OrderPaid",
        new EventType(
            "The order is paid (once per order); data.outTradeNo paid it.", OrderEventData.class));
    types.put("OrderClosed", new EventType("The order was closed unpaid.", OrderEventData.class));
    types.put(
        "OrderPartiallyRefunded",
        new EventType(
            "A merchant refund succeeded and part of the amount is back; data.refundedAmount is"
                + " the total so far.",
            OrderRefundedData.class));
    types.put(
        "OrderRefunded",
        new EventType("The whole amount is back (once per order).", OrderRefundedData.class));
    types.put(
        "PaymentSucceeded",
        new EventType("A payment succeeded at the channel.", PaymentEventData.class));
    types.put(
        "PaymentFailed", new EventType("A payment failed at the channel.", PaymentEventData.class));
    types.put(
        "PaymentClosed",
        new EventType("A payment was closed at the channel.", PaymentEventData.class));
    types.put(
        "RefundSucceeded",
        new EventType(
            "A refund succeeded (kind MERCHANT, DUPLICATE or REVERSAL).",
            RefundSucceededData.class));
    types.put(
        "DuplicatePaymentDetected",
        new EventType(
            "A second payment of a paid order succeeded; it is refunded automatically.",
            DuplicatePaymentDetectedData.class));
    return types;
  }

  /** Per data record, its properties that may be null (the others are always written). */
  private static final Map<Class<?>, Set<String>> NULLABLE_DATA =
      Map.of(PaymentEventData.class, Set.of("tradeNo"));

  /** Per data record, its properties that may be absent (written only when there is a value). */
  private static final Map<Class<?>, Set<String>> OPTIONAL_DATA =
      Map.of(OrderEventData.class, Set.of("outTradeNo"));

  /** The name of the schema of one event type's whole body, e.g. {@code OrderPaidEvent}. */
  static String eventSchema(String type) {
    return type + "Event";
  }

  private WebhookDocumentation() {}

  static void addWebhooks(OpenAPI api) {
    Map<String, Schema> read =
        ModelConverters.getInstance(true)
            .readAll(new AnnotatedType(EventEnvelope.class).resolveAsRef(false));
    Schema<?> envelope = read.get(EventEnvelope.class.getSimpleName());
    if (envelope == null) {
      throw new IllegalStateException("no schema for " + EventEnvelope.class.getName());
    }
    // tools.jackson's JsonNode is not a bean: the type's own fields are an object.
    envelope.addProperty(
        "data", new ObjectSchema().description("The type's own fields (docs/events.md)."));
    envelope.description(
        "An event as it leaves PayOnce: the webhook's body, the RabbitMQ message. Deduplicate on"
            + " eventId (delivery is at least once); ignore fields you do not know.");
    api.getComponents().addSchemas(ENVELOPE, envelope);
    TYPES.forEach(
        (type, event) -> {
          addDataSchema(api, event.data());
          api.getComponents().addSchemas(eventSchema(type), eventSchema(type, event.data()));
          api.addWebhooks(type, webhook(type, event.description()));
        });
  }

  /** The schema of a data record, read from the record: each property required but the optional. */
  @SuppressWarnings("rawtypes")
  private static void addDataSchema(OpenAPI api, Class<? extends Record> data) {
    String name = data.getSimpleName();
    if (api.getComponents().getSchemas() != null
        && api.getComponents().getSchemas().containsKey(name)) {
      return;
    }
    Map<String, Schema> read =
        ModelConverters.getInstance(true).readAll(new AnnotatedType(data).resolveAsRef(false));
    Schema<?> schema = read.get(name);
    if (schema == null || schema.getProperties() == null) {
      throw new IllegalStateException("no schema for " + data.getName());
    }
    // Anything the record refers to by name (none today: enums are inline) goes along.
    read.forEach(
        (other, referred) -> {
          if (!other.equals(name)) {
            api.getComponents().getSchemas().putIfAbsent(other, referred);
          }
        });
    Set<String> optional = OPTIONAL_DATA.getOrDefault(data, Set.of());
    schema.setRequired(
        schema.getProperties().keySet().stream().filter(p -> !optional.contains(p)).toList());
    for (String property : NULLABLE_DATA.getOrDefault(data, Set.of())) {
      schema
          .getProperties()
          .put(property, ResponseSchemas.nullable(schema.getProperties().get(property)));
    }
    ResponseSchemas.enumerate(name, schema);
    schema.description("The data of " + eventsOf(data) + " (docs/events.md).");
    api.getComponents().addSchemas(name, schema);
  }

  private static String eventsOf(Class<?> data) {
    return TYPES.entrySet().stream()
        .filter(entry -> entry.getValue().data() == data)
        .map(Map.Entry::getKey)
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /**
   * The envelope narrowed to one type: its {@code type} and {@code aggregate}, its data's schema.
   */
  private static Schema<?> eventSchema(String type, Class<? extends Record> data) {
    StringSchema typeName = new StringSchema();
    typeName.setEnum(List.of(type));
    StringSchema aggregate = new StringSchema();
    aggregate.setEnum(List.of(aggregateOf(type)));
    Schema<Object> narrowed =
        new ObjectSchema()
            .addProperty("type", typeName)
            .addProperty("aggregate", aggregate)
            .addProperty(
                "data", new Schema<>().$ref(ProblemDocumentation.ref(data.getSimpleName())));
    Schema<Object> event = new Schema<>();
    event.setAllOf(List.of(new Schema<>().$ref(ProblemDocumentation.ref(ENVELOPE)), narrowed));
    event.description("The " + type + " event: the envelope with its own data.");
    return event;
  }

  static String aggregateOf(String type) {
    return type.startsWith("Order") ? "ORDER" : "PAYMENT";
  }

  private static PathItem webhook(String type, String description) {
    Map<String, Object> example = new LinkedHashMap<>();
    example.put("eventId", "3f1d2c9e-6a57-3c41-9d0e-0b8a1f2e4c55");
    example.put("type", type);
    example.put("version", EventEnvelope.CURRENT_VERSION);
    example.put("aggregate", aggregateOf(type));
    Map<String, Object> data = WebhookExamples.data(type);
    // An order's event is about the order; a payment's (or its refund's) about that payment.
    example.put("aggregateId", data.getOrDefault("payId", data.get("orderId")));
    example.put("orderNo", "order-1001");
    example.put("outTradeNo", data.get("outTradeNo"));
    example.put("amount", data.get("amount"));
    example.put("currency", "CNY");
    example.put("occurredAt", "2026-04-01T08:00:00Z");
    example.put("data", data);
    Operation post =
        new Operation()
            .summary(type)
            .description(
                description
                    + "\n\nPOSTed to the order's notifyUrl if it was created with one, else to"
                    + " the app's webhook URL, signed with the app's webhook secret. Verify"
                    + " `PayOnce-Signature` before trusting the body; answer 2xx once the event is"
                    + " stored, anything else (or no answer in 5 s) makes PayOnce deliver it again"
                    + " after 15 s, 1 min, 5 min, 30 min, 2 h, 6 h and 12 h (by default), then"
                    + " park it for an operator to resend.")
            .tags(List.of("Webhooks"))
            .addParametersItem(
                new HeaderParameter()
                    .name(SIGNATURE_HEADER)
                    .required(true)
                    .description(
                        "`t=<Unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body bytes>\">`, keyed"
                            + " with the webhook secret. Refuse a t outside your tolerance (e.g."
                            + " 5 minutes); during a secret rotation more than one v1 may be"
                            + " checked.")
                    .schema(new StringSchema().pattern("^t=[0-9]+(,v1=[0-9a-f]{64})+$")))
            .addParametersItem(
                new HeaderParameter()
                    .name(EVENT_ID_HEADER)
                    .required(true)
                    .description("The event's id, as in the body: the same on every delivery.")
                    .schema(new StringSchema()))
            .requestBody(
                new RequestBody()
                    .required(true)
                    .content(
                        new Content()
                            .addMediaType(
                                "application/json",
                                new MediaType()
                                    .schema(
                                        new Schema<>()
                                            .$ref(ProblemDocumentation.ref(eventSchema(type))))
                                    .example(example))))
            .responses(
                new ApiResponses()
                    .addApiResponse(
                        "200", new ApiResponse().description("Taken; not delivered again."))
                    .addApiResponse(
                        "default",
                        new ApiResponse().description("Not taken; delivered again later.")));
    return new PathItem().post(post);
  }
}
