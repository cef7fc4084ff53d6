package io.payonce.server.apidoc.web;

import io.payonce.server.outbox.EventEnvelope;
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

/**
 * The events PayOnce POSTs to the merchant's webhook (OpenAPI 3.1 {@code webhooks}): the envelope's
 * schema read from {@link EventEnvelope} itself, one entry per event type, and the signature
 * headers the {@code client} module's {@code WebhookVerifier} checks. docs/events.md has the
 * delivery guarantees.
 */
final class WebhookDocumentation {

  static final String ENVELOPE = "EventEnvelope";
  static final String SIGNATURE_HEADER = "PayOnce-Signature";
  static final String EVENT_ID_HEADER = "PayOnce-Event-Id";

  /** The event types written today, and what each says (docs/events.md). */
  static final Map<String, String> TYPES = types();

  private static Map<String, String> types() {
    Map<String, String> types = new LinkedHashMap<>();
    types.put("OrderPaid", "The order is paid (once per order); data.outTradeNo paid it.");
    types.put("OrderClosed", "The order was closed unpaid.");
    types.put(
        "OrderPartiallyRefunded",
        "A merchant refund succeeded and part of the amount is back; data.refundedAmount is the"
            + " total so far.");
    types.put("OrderRefunded", "The whole amount is back (once per order).");
    types.put("PaymentSucceeded", "A payment succeeded at the channel.");
    types.put("PaymentFailed", "A payment failed at the channel.");
    types.put("PaymentClosed", "A payment was closed at the channel.");
    types.put("RefundSucceeded", "A refund succeeded (kind MERCHANT, DUPLICATE or REVERSAL).");
    types.put(
        "DuplicatePaymentDetected",
        "A second payment of a paid order succeeded; it is refunded automatically.");
    return types;
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
    TYPES.forEach((type, description) -> api.addWebhooks(type, webhook(type, description)));
  }

  private static PathItem webhook(String type, String description) {
    Map<String, Object> example = new LinkedHashMap<>();
    example.put("eventId", "3f1d2c9e-6a57-3c41-9d0e-0b8a1f2e4c55");
    example.put("type", type);
    example.put("version", EventEnvelope.CURRENT_VERSION);
    example.put("aggregate", type.startsWith("Order") ? "ORDER" : "PAYMENT");
    example.put("aggregateId", 42);
    example.put("orderNo", "order-1001");
    example.put("outTradeNo", "P20260401000000000001");
    example.put("amount", "12.34");
    example.put("currency", "CNY");
    example.put("occurredAt", "2026-04-01T08:00:00Z");
    example.put("data", Map.of("orderNo", "order-1001", "status", "PAID"));
    Operation post =
        new Operation()
            .summary(type)
            .description(
                description
                    + "\n\nPOSTed to the app's webhook URL. Verify `PayOnce-Signature` before"
                    + " trusting the body; answer 2xx once the event is stored, anything else"
                    + " (or no answer) makes PayOnce deliver it again with back-off.")
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
                                    .schema(new Schema<>().$ref(ProblemDocumentation.ref(ENVELOPE)))
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
