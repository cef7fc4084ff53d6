package io.payonce.server.apidoc.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.channel.ChannelCallback;
import io.payonce.server.channel.PaymentProduct;
import io.payonce.server.channel.PaymentProducts;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import io.payonce.server.web.ProblemType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI document agrees with the code: every merchant route Spring MVC maps is documented
 * with its methods and nothing else is, every problem type is listed, and real answers of the
 * running server — successes and problems — have a documented status and validate against the
 * document's schema for it (networknt's JSON Schema 2020-12 validator, the dialect of OpenAPI 3.1);
 * a problem's {@code type} must be one the document lists for that operation and status (a problem
 * the code answers but the document leaves out is a lie of omission a client cannot switch on). The
 * document is written to target/openapi.json for whoever wants to read it.
 */
@PayOnceIntegrationTest
class MerchantApiContractIntegrationTests {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete");

  @LocalServerPort int port;

  @Autowired
  @Qualifier("requestMappingHandlerMapping")
  RequestMappingHandlerMapping mappings;

  @Autowired List<ChannelCallback> callbacks;

  @Autowired AppAdmin apps;

  @Autowired PaymentProducts products;

  @Autowired org.springframework.jdbc.core.simple.JdbcClient jdbc;

  private PayOnceHttp http;
  private JsonNode document;

  @BeforeEach
  void readDocument() throws IOException {
    http = new PayOnceHttp(port);
    Answer docs = http.get(base() + "/v3/api-docs");
    assertThat(docs.status()).isEqualTo(200);
    document = JSON.readTree(docs.body());
    Path out = Path.of("target", "openapi.json");
    Files.createDirectories(out.getParent());
    Files.writeString(out, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(document));
  }

  @Test
  void documentsExactlyTheMerchantRoutesSpringMaps() {
    Set<String> mapped = new TreeSet<>();
    mappings
        .getHandlerMethods()
        .forEach(
            (info, handler) -> {
              if (!handler.getBeanType().getPackageName().startsWith("io.payonce.server")) {
                return;
              }
              // A product route is mapped once with the channel as a variable and documented at
              // each product's own path.
              for (String path : productPaths(info.getPatternValues())) {
                if (TestApps.isApi(path) && callbacks.stream().noneMatch(c -> c.covers(path))) {
                  info.getMethodsCondition()
                      .getMethods()
                      .forEach(method -> mapped.add(method.name() + " " + path));
                }
              }
            });

    Set<String> documented = new TreeSet<>();
    document
        .path("paths")
        .properties()
        .forEach(
            path ->
                path.getValue()
                    .propertyNames()
                    .forEach(
                        method -> {
                          if (METHODS.contains(method)) {
                            documented.add(method.toUpperCase() + " " + path.getKey());
                          }
                        }));

    assertThat(mapped).as("merchant routes mapped by Spring MVC").isNotEmpty();
    assertThat(documented).isEqualTo(mapped);
  }

  @Test
  void leavesOutTheChannelsCallbacksAndTheOperatorsPages() {
    Set<String> paths = new TreeSet<>(document.path("paths").propertyNames());

    assertThat(paths)
        .noneMatch(path -> callbacks.stream().anyMatch(callback -> callback.covers(path)));
    assertThat(paths)
        .allMatch(path -> path.startsWith("/api/") || path.startsWith("/pay/"), "merchant path");
  }

  @Test
  void listsEveryProblemTypeWithItsStatus() {
    List<String> documented = new ArrayList<>();
    document
        .at("/components/schemas/Problem/properties/type/enum")
        .forEach(uri -> documented.add(uri.asString()));

    assertThat(documented)
        .containsExactlyInAnyOrderElementsOf(
            Arrays.stream(ProblemType.values()).map(type -> type.uri().toString()).toList());
    String table = document.at("/components/schemas/Problem/description").asString();
    for (ProblemType type : ProblemType.values()) {
      assertThat(table).contains("`" + type.uri() + "` | " + type.problem().getStatus() + " |");
    }
  }

  @Test
  void everyOperationIsSignedAndAnswersItsProblemsAsProblemJson() {
    assertThat(document.at("/components/securitySchemes").propertyNames())
        .containsExactlyInAnyOrder(
            "PayOnceAppId", "PayOnceTimestamp", "PayOnceNonce", "PayOnceSignature");
    assertThat(document.at("/security/0").propertyNames()).hasSize(4);
    forEachOperation(
        (name, operation) -> {
          JsonNode responses = operation.path("responses");
          assertThat(responses.has("401")).as(name + " documents 401").isTrue();
          responses
              .properties()
              .forEach(
                  response -> {
                    int status = Integer.parseInt(response.getKey());
                    if (status >= 400) {
                      assertThat(response.getValue().at("/content").propertyNames())
                          .as(name + " " + status)
                          .containsExactly("application/problem+json");
                    }
                  });
        });
  }

  @Test
  void describesTheWebhookEvents() {
    JsonNode paid = document.at("/webhooks/OrderPaid/post");

    assertThat(paid.isMissingNode()).isFalse();
    assertThat(paid.at("/requestBody/content/application~1json/schema/$ref").asString())
        .isEqualTo("#/components/schemas/OrderPaidEvent");
    assertThat(document.at("/components/schemas/EventEnvelope/properties").propertyNames())
        .contains("eventId", "type", "version", "orderNo", "amount", "occurredAt", "data");
    List<String> headers = new ArrayList<>();
    paid.path("parameters").forEach(p -> headers.add(p.path("name").asString()));
    assertThat(headers).contains("PayOnce-Signature", "PayOnce-Event-Id");
  }

  @Test
  void eachEventTypesDataIsDocumentedFieldForFieldFromTheRecordTheOutboxWrites() {
    assertThat(document.path("webhooks").propertyNames())
        .containsExactlyInAnyOrderElementsOf(WebhookDocumentation.TYPES.keySet());
    WebhookDocumentation.TYPES.forEach(
        (type, event) -> {
          JsonNode data =
              document.at("/components/schemas/" + event.data().getSimpleName() + "/properties");
          assertThat(data.propertyNames())
              .as(type + "'s data against " + event.data().getSimpleName())
              .containsExactlyInAnyOrderElementsOf(
                  Arrays.stream(event.data().getRecordComponents())
                      .map(java.lang.reflect.RecordComponent::getName)
                      .toList());
          JsonNode body =
              document.at("/webhooks/" + type + "/post/requestBody/content/application~1json");
          assertThat(body.at("/schema/$ref").asString())
              .isEqualTo("#/components/schemas/" + type + "Event");
          assertThat(validator(body.path("schema")).validate(body.path("example")))
              .as(type + "'s example against its schema")
              .isEmpty();
          assertThat(body.at("/example/data"))
              .as(type + "'s example is its own")
              .isNotEqualTo(
                  document.at(
                      "/webhooks/"
                          + (type.equals("OrderPaid") ? "OrderClosed" : "OrderPaid")
                          + "/post/requestBody/content/application~1json/example/data"));
        });
  }

  @Test
  void statusFieldsListTheServersValues() {
    List<String> refund = new ArrayList<>();
    document
        .at("/components/schemas/RefundView/properties/status/enum")
        .forEach(v -> refund.add(v.asString()));
    List<String> order = new ArrayList<>();
    document
        .at("/components/schemas/OrderView/properties/status/enum")
        .forEach(v -> order.add(v.asString()));
    List<String> payment = new ArrayList<>();
    document
        .at("/components/schemas/PaymentState/properties/status/enum")
        .forEach(v -> payment.add(v.asString()));

    assertThat(refund)
        .containsExactly(
            Arrays.stream(io.payonce.server.refund.RefundStatus.values())
                .map(Enum::name)
                .toArray(String[]::new));
    assertThat(order)
        .containsExactly(
            Arrays.stream(io.payonce.server.order.OrderStatus.values())
                .map(Enum::name)
                .toArray(String[]::new));
    assertThat(payment)
        .containsExactly(
            Arrays.stream(io.payonce.server.payment.PaymentStatus.values())
                .map(Enum::name)
                .toArray(String[]::new));
    assertThat(document.at("/paths/~1pay~1refund/post/responses/200/description").asString())
        .contains("FAIL");
    ResponseSchemas.ENUMS.forEach(
        (schema, properties) ->
            properties
                .keySet()
                .forEach(
                    property ->
                        assertThat(
                                document.at(
                                    "/components/schemas/"
                                        + schema
                                        + "/properties/"
                                        + property
                                        + "/enum"))
                            .as(schema + "." + property)
                            .isNotEmpty()));
  }

  @Test
  void realEventsAgreeWithTheirTypesDocumentedData() {
    // Events of most types: a payment, a partial and a full refund, a close.
    String paid = http.createOrder("4.00");
    assertThat(http.walletPay(http.precreate(paid).text("qrCode")).status()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(20)).until(() -> http.orderStatus(paid).equals("PAID"));
    assertThat(http.refund(paid, "RA" + paid.replace("-", "_"), "1.00").status()).isIn(200, 202);
    assertThat(http.refund(paid, "RB" + paid.replace("-", "_"), "3.00").status()).isIn(200, 202);
    await().atMost(Duration.ofSeconds(20)).until(() -> http.orderStatus(paid).equals("REFUNDED"));
    String closed = http.createOrder("1.00");
    assertThat(http.precreate(closed).status()).isEqualTo(200);
    assertThat(http.close(closed).status()).isEqualTo(200);
    List<String> mismatches = new ArrayList<>();
    Set<String> seen = new TreeSet<>();

    jdbc.sql("SELECT event_type, payload FROM outbox WHERE order_no IN (:paid, :closed)")
        .param("paid", paid)
        .param("closed", closed)
        .query(
            (row, n) -> {
              String type = row.getString("event_type");
              JsonNode data = JSON.readTree(row.getString("payload"));
              JsonNode schema =
                  document.at("/components/schemas/" + type + "Event/allOf/1/properties/data");
              if (schema.isMissingNode()) {
                mismatches.add(type + ": no schema in the document");
                return null;
              }
              seen.add(type);
              JsonNode properties =
                  document.at(schema.path("$ref").asString().replace("#", "") + "/properties");
              data.propertyNames()
                  .forEach(
                      field -> {
                        if (!properties.has(field)) {
                          mismatches.add(type + ": data." + field + " is not documented");
                        }
                      });
              List<Error> errors = validator(schema).validate(data);
              if (!errors.isEmpty()) {
                mismatches.add(type + ": " + errors + " in " + data);
              }
              return null;
            })
        .list();

    assertThat(mismatches).isEmpty();
    assertThat(seen)
        .contains(
            "OrderPaid",
            "PaymentSucceeded",
            "RefundSucceeded",
            "OrderPartiallyRefunded",
            "OrderRefunded",
            "OrderClosed",
            "PaymentClosed");
  }

  @Test
  void swaggerUiAndTheDocumentAreOpenWithoutASignature() {
    Answer ui = http.get(base() + "/swagger-ui/index.html");

    Answer yaml = http.get(base() + "/v3/api-docs.yaml");
    Answer config = http.get(base() + "/v3/api-docs/swagger-config");

    assertThat(ui.status()).isEqualTo(200);
    assertThat(ui.body()).contains("swagger");
    assertThat(yaml.status()).isEqualTo(200);
    assertThat(yaml.body()).contains("openapi: 3.1");
    assertThat(config.status()).isEqualTo(200);
    // The UI cannot sign: "Try it out" is off.
    JsonNode submitMethods = JSON.readTree(config.body()).path("supportedSubmitMethods");
    assertThat(submitMethods.isArray() && submitMethods.isEmpty()).as(config.body()).isTrue();
    assertThat(JSON.readTree(config.body()).path("url").asString()).isEqualTo("/v3/api-docs");
  }

  @Test
  void realAnswersMatchTheirDocumentedSchemas() {
    List<String> mismatches = new ArrayList<>();
    String orderNo = TestNumbers.orderNo("OAS");
    Map<String, Object> order =
        Map.of(
            "orderNo",
            orderNo,
            "userId",
            "u-oas",
            "amount",
            "10.00",
            "currency",
            "CNY",
            "title",
            "Contract");
    check(mismatches, "post", "/api/orders", http.post(base() + "/api/orders", order, Map.of()));
    check(mismatches, "post", "/api/orders", http.post(base() + "/api/orders", order, Map.of()));
    Map<String, Object> different = new java.util.HashMap<>(order);
    different.put("amount", "11.00");
    check(
        mismatches, "post", "/api/orders", http.post(base() + "/api/orders", different, Map.of()));
    check(
        mismatches,
        "post",
        "/api/orders",
        http.post(base() + "/api/orders", Map.of("orderNo", "bad no"), Map.of()));
    check(
        mismatches,
        "post",
        "/api/orders",
        http.post(base() + "/api/orders", "{not json", Map.of()));
    check(mismatches, "get", "/api/orders/{orderNo}", http.get(base() + "/api/orders/" + orderNo));
    check(
        mismatches,
        "get",
        "/api/orders/{orderNo}",
        http.get(base() + "/api/orders/" + TestNumbers.orderNo("NONE")));
    check(
        mismatches,
        "get",
        "/api/orders/{orderNo}",
        http.get(base() + "/api/orders/" + orderNo, Map.of("PayOnce-App-Id", TestApps.APP_ID)));
    check(
        mismatches,
        "post",
        "/api/orders/{orderNo}/checkout",
        http.post(base() + "/api/orders/" + orderNo + "/checkout", "", Map.of()));

    // Every shape of hand-off, on an order of its own: a page, an order string, a JS bridge.
    String online = http.createOrder("6.00");
    check(
        mismatches,
        "post",
        "/pay/alipay/web",
        http.handOff("alipay", "web", online, Map.of("returnUrl", "https://shop.example/r")));
    check(mismatches, "post", "/pay/alipay/app", http.handOff("alipay", "app", online, Map.of()));
    check(
        mismatches,
        "post",
        "/pay/wechat/jsapi",
        http.handOff("wechat", "jsapi", online, Map.of("channelUserId", "o-contract")));
    check(
        mismatches, "post", "/pay/wechat/jsapi", http.handOff("wechat", "jsapi", online, Map.of()));

    Answer precreated = http.precreate(orderNo);
    check(mismatches, "post", "/pay/alipay/precreate", precreated);
    check(mismatches, "post", "/pay/alipay/precreate", http.precreate(Map.of(), Map.of()));
    check(mismatches, "get", "/pay/query", http.query(orderNo));
    assertThat(http.walletPay(precreated.text("qrCode")).status()).isEqualTo(200);
    check(mismatches, "get", "/pay/query", http.query(orderNo));
    check(mismatches, "get", "/api/orders/{orderNo}", http.get(base() + "/api/orders/" + orderNo));
    check(
        mismatches,
        "get",
        "/api/payments/{outTradeNo}",
        http.get(base() + "/api/payments/" + precreated.text("outTradeNo")));
    check(
        mismatches,
        "get",
        "/api/payments/{outTradeNo}",
        http.get(base() + "/api/payments/P-none-" + orderNo));
    check(mismatches, "post", "/pay/alipay/precreate", http.precreate(orderNo));
    check(mismatches, "post", "/pay/close", http.close(orderNo));
    check(
        mismatches,
        "post",
        "/pay/refund",
        http.refund(orderNo, "R1" + orderNo.replace("-", "_"), "5.00"));
    check(
        mismatches,
        "post",
        "/pay/refund",
        http.refund(orderNo, "R2" + orderNo.replace("-", "_"), "50.00"));
    check(mismatches, "get", "/pay/refunds", http.get(base() + "/pay/refunds?orderNo=" + orderNo));
    check(mismatches, "get", "/pay/refunds", http.get(base() + "/pay/refunds"));
    check(
        mismatches,
        "post",
        "/pay/alipay/barcode",
        http.barcode(Map.of("orderNo", orderNo, "authCode", "12"), Map.of()));
    check(
        mismatches,
        "get",
        "/api/pay/get-token",
        http.get(base() + "/api/pay/get-token?userId=u-oas"));

    String unpaid = http.createOrder("1.00");
    check(mismatches, "post", "/pay/close", http.close(unpaid));
    check(mismatches, "post", "/pay/wechat/precreate", http.wechatPrecreate(unpaid));
    check(
        mismatches,
        "post",
        "/pay/refund",
        http.refund(unpaid, "R3" + unpaid.replace("-", "_"), "1.00"));

    assertThat(mismatches).isEmpty();
  }

  @Test
  void everyProblemTypeAnsweredIsListedForItsOperationAndStatus() {
    List<String> mismatches = new ArrayList<>();
    // An app without a channel account of its own (not the bootstrap app): refused on every
    // channel's QR code and payment code.
    AppCredentials bare = apps.create("contract, no channel");
    PayOnceHttp unconfigured = http.as(bare.appId(), bare.secret());
    String orderNo = unconfigured.createOrder("1.00");
    check(mismatches, "post", "/pay/alipay/precreate", unconfigured.precreate(orderNo));
    check(mismatches, "post", "/pay/wechat/precreate", unconfigured.wechatPrecreate(orderNo));
    check(
        mismatches,
        "post",
        "/pay/alipay/barcode",
        unconfigured.barcode(
            Map.of("orderNo", orderNo, "authCode", "280000000000000001", "requestId", "bc1"),
            Map.of()));
    check(
        mismatches,
        "post",
        "/pay/wechat/barcode",
        unconfigured.post(
            base() + "/pay/wechat/barcode",
            Map.of("orderNo", orderNo, "authCode", "130000000000000001", "requestId", "bc2"),
            Map.of()));
    check(mismatches, "post", "/pay/close", unconfigured.close(orderNo));
    check(
        mismatches,
        "post",
        "/pay/refund",
        unconfigured.refund(orderNo, "R1" + orderNo.replace("-", "_"), "1.00"));
    check(
        mismatches,
        "post",
        "/api/orders/{orderNo}/checkout",
        unconfigured.post(base() + "/api/orders/" + orderNo + "/checkout", "", Map.of()));

    // Keys and bodies a client gets wrong.
    String paid = http.createOrder("2.00");
    check(
        mismatches,
        "post",
        "/pay/alipay/precreate",
        http.precreate(Map.of("orderNo", paid), Map.of("Idempotency-Key", "no")));
    Answer qr = http.precreate(Map.of("orderNo", paid), Map.of("Idempotency-Key", "key-" + paid));
    check(mismatches, "post", "/pay/alipay/precreate", qr);
    check(
        mismatches,
        "post",
        "/pay/alipay/precreate",
        http.precreate(
            Map.of("orderNo", paid, "refresh", true), Map.of("Idempotency-Key", "key-" + paid)));
    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    check(mismatches, "post", "/pay/wechat/precreate", http.wechatPrecreate(paid));
    String overWechat = http.createOrder("21474836.48");
    check(mismatches, "post", "/pay/wechat/precreate", http.wechatPrecreate(overWechat));
    check(
        mismatches,
        "post",
        "/pay/wechat/barcode",
        http.post(
            base() + "/pay/wechat/barcode",
            Map.of("orderNo", overWechat, "authCode", "134567890123456789"),
            Map.of()));
    check(mismatches, "post", "/pay/alipay/precreate", http.refresh(paid));
    check(mismatches, "post", "/pay/close", http.close(paid));
    check(
        mismatches,
        "post",
        "/api/orders/{orderNo}/checkout",
        http.post(base() + "/api/orders/" + paid + "/checkout", "", Map.of()));
    check(
        mismatches,
        "post",
        "/pay/refund",
        http.refund(paid, "R1" + paid.replace("-", "_"), "3.00"));
    check(mismatches, "post", "/pay/refund", http.refund(paid, "bad no", "1.00"));
    check(
        mismatches, "post", "/pay/refund", http.refund(TestNumbers.orderNo("NONE"), "R9x", "1.00"));
    check(mismatches, "post", "/pay/close", http.close(TestNumbers.orderNo("NONE")));
    check(mismatches, "get", "/pay/query", http.query(TestNumbers.orderNo("NONE")));
    check(mismatches, "get", "/pay/query", http.get(base() + "/pay/query?orderNo=bad%20no"));
    check(mismatches, "get", "/pay/refunds", http.get(base() + "/pay/refunds?orderNo=bad%20no"));
    check(mismatches, "get", "/api/orders/{orderNo}", http.get(base() + "/api/orders/bad%20no"));
    check(mismatches, "get", "/api/pay/get-token", http.get(base() + "/api/pay/get-token"));
    check(
        mismatches,
        "post",
        "/pay/alipay/barcode",
        http.barcode(Map.of("orderNo", paid, "authCode", "x", "requestId", "bc3"), Map.of()));

    assertThat(mismatches).isEmpty();
  }

  /** Records what in {@code answer} the document does not allow for the operation. */
  /** The paths as mapped, a product route's as each product's path. */
  private List<String> productPaths(Set<String> patterns) {
    List<String> paths = new ArrayList<>();
    for (String pattern : patterns) {
      if (!pattern.contains(PaymentProduct.CHANNEL)) {
        paths.add(pattern);
        continue;
      }
      products.all().stream()
          .filter(p -> pattern.replace(PaymentProduct.CHANNEL, p.channel().path()).equals(p.path()))
          .map(PaymentProduct::path)
          .forEach(paths::add);
    }
    return paths;
  }

  private void check(List<String> mismatches, String method, String path, Answer answer) {
    String name = method.toUpperCase() + " " + path + " " + answer.status();
    JsonNode response =
        document
            .path("paths")
            .path(path)
            .path(method)
            .path("responses")
            .path(Integer.toString(answer.status()));
    if (response.isMissingNode()) {
      mismatches.add(name + ": status not documented; body " + answer.body());
      return;
    }
    String contentType = answer.header("Content-Type");
    String media = contentType == null ? "" : contentType.split(";")[0].trim();
    JsonNode schema = response.path("content").path(media).path("schema");
    if (schema.isMissingNode()) {
      mismatches.add(name + ": no schema documented for " + media);
      return;
    }
    List<Error> errors = validator(schema).validate(JSON.readTree(answer.body()));
    if (!errors.isEmpty()) {
      mismatches.add(name + ": " + errors + " in " + answer.body());
    }
    if (ProblemDocumentation.PROBLEM_JSON.equals(media)) {
      String type = JSON.readTree(answer.body()).path("type").asString();
      Set<String> listed = new TreeSet<>();
      response
          .path("content")
          .path(media)
          .path("examples")
          .forEach(example -> listed.add(example.at("/value/type").asString()));
      if (!listed.contains(type)) {
        mismatches.add(name + ": problem type " + type + " not among those listed " + listed);
      }
    }
  }

  /** The schema as a document of its own that carries the components its references point to. */
  private Schema validator(JsonNode schema) {
    ObjectNode root = JSON.createObjectNode();
    root.put("$schema", SpecificationVersion.DRAFT_2020_12.getDialectId());
    root.setAll((ObjectNode) schema.deepCopy());
    root.set("components", document.path("components"));
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(root);
  }

  private void forEachOperation(java.util.function.BiConsumer<String, JsonNode> action) {
    document
        .path("paths")
        .properties()
        .forEach(
            path ->
                path.getValue()
                    .properties()
                    .forEach(
                        op -> {
                          if (METHODS.contains(op.getKey())) {
                            action.accept(op.getKey() + " " + path.getKey(), op.getValue());
                          }
                        }));
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }
}
