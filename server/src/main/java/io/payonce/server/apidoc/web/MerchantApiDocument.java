package io.payonce.server.apidoc.web;

import io.payonce.server.app.RequestSignatures;
import io.payonce.server.channel.ChannelCallback;
import io.payonce.server.channel.PaymentProducts;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import io.swagger.v3.oas.models.tags.Tag;
import java.util.List;
import java.util.Map;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The merchant API's OpenAPI 3.1 document, served at {@code /v3/api-docs} (and drawn by Swagger UI
 * at {@code /swagger-ui/index.html}). springdoc reads the controllers under {@code /api/**} and
 * {@code /pay/**} (application.yml); this adds what it cannot see: the signed-request scheme, the
 * problems of every operation ({@link ProblemDocumentation}), the webhook events ({@link
 * WebhookDocumentation}), and it leaves out the channels' callbacks, which are not the merchant's.
 */
@Configuration(proxyBeanMethods = false)
class MerchantApiDocument {

  /** The names of the four security schemes; a request needs all four (one requirement). */
  static final Map<String, String> SIGNATURE_HEADERS =
      Map.of(
          "PayOnceAppId", RequestSignatures.APP_ID,
          "PayOnceTimestamp", RequestSignatures.TIMESTAMP,
          "PayOnceNonce", RequestSignatures.NONCE,
          "PayOnceSignature", RequestSignatures.SIGNATURE);

  static final String CANONICAL =
      """
      Every request to /api/** and /pay/** is signed by a merchant app with its secret:
      `PayOnce-Signature` is the lower-case hex HMAC-SHA256, keyed with the app's secret (UTF-8), \
      of these eight lines joined with `\\n` (no trailing newline):

      ```
      PAYONCE-HMAC-SHA256
      <app id>
      <METHOD>
      <path, as sent (percent-escapes kept)>
      <query string, as sent, without '?'; empty when none>
      <timestamp: Unix seconds, the PayOnce-Timestamp header>
      <nonce: the PayOnce-Nonce header, 16 to 64 of A-Z a-z 0-9 _ ->
      <lower-case hex SHA-256 of the body bytes (of no bytes when there is no body)>
      ```

      The timestamp must be within payonce.apps.window (5 minutes) of the server's clock and a \
      nonce is accepted once. A request that fails any check is answered 401 `app-unauthorized` \
      (WWW-Authenticate: PayOnce-HMAC-SHA256); a disabled app's, 403 `app-disabled`. \
      See docs/security.md, "Signing". The Java client (module `client`) signs for you.""";

  @Bean
  OpenAPI merchantApi(@Value("${payonce.apidoc.server-url:}") String serverUrl) {
    Components components = new Components();
    SIGNATURE_HEADERS.forEach(
        (name, header) ->
            components.addSecuritySchemes(
                name,
                new SecurityScheme()
                    .type(SecurityScheme.Type.APIKEY)
                    .in(SecurityScheme.In.HEADER)
                    .name(header)
                    .description(describe(header))));
    SecurityRequirement signed = new SecurityRequirement();
    SIGNATURE_HEADERS.keySet().stream().sorted().forEach(signed::addList);
    OpenAPI api =
        new OpenAPI()
            .info(
                new Info()
                    .title("PayOnce merchant API")
                    .version("1")
                    .license(new License().name("See the project's LICENSE"))
                    .description(
                        """
                        Orders, checkout sessions, each channel's QR codes and payment codes, \
                        queries, closes and refunds — each business order charged at most \
                        once. Amounts are decimal strings in the order's currency, never JSON \
                        numbers. Errors are RFC 9457 problems (application/problem+json) whose \
                        `type` a client may switch on. Events reach the merchant as signed \
                        webhooks (see `webhooks`).

                        """
                            + CANONICAL))
            .components(components)
            .addSecurityItem(signed)
            .tags(
                List.of(
                    new Tag().name("Orders").description("Create, read and close orders."),
                    new Tag().name("Checkout").description("The hosted cashier page."),
                    new Tag().name("Payments").description("QR codes, payment codes, queries."),
                    new Tag().name("Refunds").description("Refunds of a paid order."),
                    new Tag().name("Pay tokens").description("One-time keys for a buyer's page.")));
    if (!serverUrl.isBlank()) {
      api.addServersItem(new io.swagger.v3.oas.models.servers.Server().url(serverUrl));
    }
    return api;
  }

  private static String describe(String header) {
    return switch (header) {
      case RequestSignatures.APP_ID -> "The app's id (1 to 64 of A-Z a-z 0-9 _ -).";
      case RequestSignatures.TIMESTAMP -> "Unix seconds when the request was signed.";
      case RequestSignatures.NONCE -> "16 to 64 of A-Z a-z 0-9 _ -, never used before.";
      default -> CANONICAL;
    };
  }

  /**
   * What springdoc cannot see, in this order: one operation per payment product, the channels'
   * callbacks out (they live under /pay/ too, but are the channels', not the merchant's), the
   * problem schemas, the webhook events, and the success answers' required and nullable properties.
   */
  @Bean
  OpenApiCustomizer merchantApiCompletion(
      List<ChannelCallback> callbacks, PaymentProducts products) {
    return api -> {
      ProductPaths.expand(api, products);
      if (api.getPaths() != null) {
        // A callback's own path and its per-account paths ({configKey}) are the channels'.
        api.getPaths()
            .keySet()
            .removeIf(path -> callbacks.stream().anyMatch(callback -> callback.covers(path)));
      }
      ProblemDocumentation.addSchemas(api);
      WebhookDocumentation.addWebhooks(api);
      ResponseSchemas.complete(api);
    };
  }

  @Bean
  OperationCustomizer problemResponses() {
    return new ProblemDocumentation()::document;
  }
}
