package io.payonce.server.apidoc.web;

import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.method.HandlerMethod;

/**
 * The problems of the merchant API in the document: one {@code Problem} schema whose {@code type}
 * lists every {@link ProblemType}, and on each operation one response per status it may answer with
 * a problem, each problem type an example. An operation's problems are those every signed request
 * may get, those of a JSON body, and its own ({@link ProblemResponses}).
 */
final class ProblemDocumentation {

  static final String PROBLEM_JSON =
      org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE;
  static final String PROBLEM = "Problem";
  static final String FIELD_VIOLATION = "FieldViolation";

  /** Any signed request: the signature, the app, the server itself. */
  static final Set<ProblemType> EVERY_REQUEST =
      EnumSet.of(
          ProblemType.APP_UNAUTHORIZED,
          ProblemType.APP_DISABLED,
          ProblemType.NOT_ACCEPTABLE,
          ProblemType.INTERNAL,
          ProblemType.TEMPORARILY_UNAVAILABLE);

  /** A request with a JSON body. */
  static final Set<ProblemType> JSON_BODY =
      EnumSet.of(
          ProblemType.MALFORMED_REQUEST,
          ProblemType.VALIDATION,
          ProblemType.PAYLOAD_TOO_LARGE,
          ProblemType.UNSUPPORTED_MEDIA_TYPE);

  Operation document(Operation operation, HandlerMethod handler) {
    Set<ProblemType> types = EnumSet.copyOf(EVERY_REQUEST);
    boolean hasBody =
        Arrays.stream(handler.getMethodParameters())
            .anyMatch(parameter -> parameter.hasParameterAnnotation(RequestBody.class));
    if (hasBody) {
      types.addAll(JSON_BODY);
    }
    ProblemResponses own = handler.getMethodAnnotation(ProblemResponses.class);
    if (own != null) {
      types.addAll(List.of(own.value()));
    }
    ApiResponses responses =
        operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
    byStatus(types).forEach((status, ofStatus) -> responses.put(status, response(ofStatus)));
    operation.setResponses(responses);
    return operation;
  }

  private static Map<String, List<ProblemType>> byStatus(Set<ProblemType> types) {
    return types.stream()
        .collect(
            Collectors.groupingBy(
                type -> Integer.toString(type.problem().getStatus()),
                TreeMap::new,
                Collectors.toList()));
  }

  private static ApiResponse response(List<ProblemType> types) {
    MediaType media = new MediaType().schema(new Schema<>().$ref(ref(PROBLEM)));
    for (ProblemType type : types) {
      media.addExamples(slug(type), new Example().summary(title(type)).value(example(type)));
    }
    return new ApiResponse()
        .description(
            types.stream()
                .map(type -> "`" + slug(type) + "` (" + title(type) + ")")
                .collect(Collectors.joining(", ")))
        .content(new Content().addMediaType(PROBLEM_JSON, media));
  }

  static void addSchemas(OpenAPI api) {
    Schema<Object> violation =
        new ObjectSchema()
            .addProperty("field", new StringSchema().description("the field's JSON name"))
            .addProperty("message", new StringSchema().description("what is wrong, for people"));
    violation.setRequired(List.of("field", "message"));
    List<String> uris = new ArrayList<>();
    StringBuilder table = new StringBuilder("| type | status | title |\n|---|---|---|\n");
    for (ProblemType type : ProblemType.values()) {
      uris.add(type.uri().toString());
      table
          .append("| `")
          .append(type.uri())
          .append("` | ")
          .append(type.problem().getStatus())
          .append(" | ")
          .append(title(type))
          .append(" |\n");
    }
    StringSchema typeSchema = new StringSchema();
    typeSchema.setEnum(uris);
    typeSchema.description("Stable: a client may switch on it.");
    Schema<Object> problem =
        new ObjectSchema()
            .description(
                "An RFC 9457 problem. Other members may be added; clients ignore those they do"
                    + " not know.\n\n"
                    + table)
            .addProperty("type", typeSchema)
            .addProperty("title", new StringSchema().description("For people; may change."))
            .addProperty("status", new IntegerSchema().description("The HTTP status."))
            .addProperty("detail", new StringSchema().description("For people; may change."))
            .addProperty("instance", new StringSchema().description("The request's path."))
            .addProperty(
                "errors",
                new ArraySchema()
                    .items(new Schema<>().$ref(ref(FIELD_VIOLATION)))
                    .description("`validation`: each invalid field."))
            .addProperty(
                "fields",
                new ArraySchema()
                    .items(new StringSchema())
                    .description(
                        "`idempotency-key-reused`: the fields that differ from the first request."))
            .addProperty(
                "subCode",
                new StringSchema()
                    .description("`channel-refused`, `payment-refused`: the channel's reason."))
            .addProperty(
                "orderStatus",
                new StringSchema()
                    .description("`order-paid`, `order-closed`: the order's status."));
    problem.setRequired(List.of("type", "title", "status"));
    api.getComponents().addSchemas(FIELD_VIOLATION, violation).addSchemas(PROBLEM, problem);
  }

  private static Map<String, Object> example(ProblemType type) {
    var problem = type.problem();
    Map<String, Object> example = new LinkedHashMap<>();
    example.put("type", type.uri().toString());
    example.put("title", problem.getTitle());
    example.put("status", problem.getStatus());
    example.put("detail", problem.getDetail());
    if (type == ProblemType.VALIDATION) {
      example.put(
          "errors",
          List.of(
              Map.of(
                  "field", "orderNo",
                  "message", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -")));
    }
    return example;
  }

  static String slug(ProblemType type) {
    String uri = type.uri().toString();
    return uri.substring(uri.lastIndexOf('/') + 1);
  }

  private static String title(ProblemType type) {
    return type.problem().getTitle();
  }

  static String ref(String schema) {
    return "#/components/schemas/" + schema;
  }
}
