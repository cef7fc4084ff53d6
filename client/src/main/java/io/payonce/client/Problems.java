package io.payonce.client;

import io.payonce.client.PayOnceProblemException.FieldError;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads a problem answer into the typed exception for its status and type. */
final class Problems {

  private static final Set<String> KNOWN = Set.of("type", "title", "status", "detail", "errors");

  private Problems() {}

  static PayOnceProblemException of(int status, String body, Duration retryAfter, JsonMapper json) {
    JsonNode problem;
    try {
      problem = body == null || body.isBlank() ? json.createObjectNode() : json.readTree(body);
    } catch (JacksonException e) {
      problem = json.createObjectNode();
    }
    URI type = problem.hasNonNull("type") ? URI.create(problem.get("type").asString()) : null;
    String title = text(problem, "title");
    String detail = text(problem, "detail");
    List<FieldError> errors = new ArrayList<>();
    problem
        .path("errors")
        .forEach(error -> errors.add(new FieldError(text(error, "field"), text(error, "message"))));
    Map<String, Object> properties = new LinkedHashMap<>();
    problem
        .properties()
        .forEach(
            entry -> {
              if (!KNOWN.contains(entry.getKey())) {
                properties.put(entry.getKey(), json.treeToValue(entry.getValue(), Object.class));
              }
            });
    properties.values().removeIf(value -> value == null);
    return switch (status) {
      case 400 ->
          new ValidationException(status, type, title, detail, errors, properties, retryAfter);
      case 401, 403 ->
          new UnauthorizedException(status, type, title, detail, errors, properties, retryAfter);
      case 404 ->
          new NotFoundException(status, type, title, detail, errors, properties, retryAfter);
      case 409 ->
          new ConflictException(status, type, title, detail, errors, properties, retryAfter);
      case 422 ->
          new UnprocessableException(status, type, title, detail, errors, properties, retryAfter);
      case 429 ->
          new RateLimitedException(status, type, title, detail, errors, properties, retryAfter);
      case 503 ->
          new UnavailableException(status, type, title, detail, errors, properties, retryAfter);
      default ->
          new PayOnceProblemException(status, type, title, detail, errors, properties, retryAfter);
    };
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.get(field);
    return value == null || value.isNull() ? null : value.asString();
  }
}
