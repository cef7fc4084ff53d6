package io.payonce.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The server answered with an RFC 9457 problem. Switch on {@link #type()} (stable, e.g. {@code
 * https://payonce.io/problems/order-paid}) or {@link #slug()} ({@code order-paid}); the title and
 * detail are for people. Subclasses name the common cases.
 */
public class PayOnceProblemException extends PayOnceException {

  private final int status;
  private final URI type;
  private final String title;
  private final String detail;
  private final List<FieldError> errors;
  private final Map<String, Object> properties;
  private final Duration retryAfter;

  public PayOnceProblemException(
      int status,
      URI type,
      String title,
      String detail,
      List<FieldError> errors,
      Map<String, Object> properties,
      Duration retryAfter) {
    super(message(status, type, detail, errors));
    this.status = status;
    this.type = type;
    this.title = title;
    this.detail = detail;
    this.errors = List.copyOf(errors);
    this.properties = Map.copyOf(properties);
    this.retryAfter = retryAfter;
  }

  /** One invalid field of a {@code validation} problem. */
  public record FieldError(String field, String message) {}

  public int status() {
    return status;
  }

  public URI type() {
    return type;
  }

  /** The last segment of the type, e.g. {@code not-found}. */
  public String slug() {
    return slugOf(type);
  }

  public String title() {
    return title;
  }

  public String detail() {
    return detail;
  }

  /** The invalid fields, for a {@code validation} problem; empty otherwise. */
  public List<FieldError> errors() {
    return errors;
  }

  /** The problem's other members (e.g. {@code subCode}, {@code orderStatus}, {@code fields}). */
  public Map<String, Object> properties() {
    return properties;
  }

  /** The Retry-After the server sent, or null. */
  public Duration retryAfter() {
    return retryAfter;
  }

  // "400 validation: One or more fields are invalid. [orderNo: must be ...; amount: ...]": a log
  // line or a stack trace says what to fix without a look at errors().
  private static String message(int status, URI type, String detail, List<FieldError> errors) {
    StringBuilder message = new StringBuilder().append(status).append(' ').append(slugOf(type));
    if (detail != null) {
      message.append(": ").append(detail);
    }
    if (errors != null && !errors.isEmpty()) {
      message.append(" [");
      for (int i = 0; i < errors.size(); i++) {
        FieldError error = errors.get(i);
        message
            .append(i == 0 ? "" : "; ")
            .append(error.field())
            .append(": ")
            .append(error.message());
      }
      message.append(']');
    }
    return message.toString();
  }

  private static String slugOf(URI type) {
    if (type == null) {
      return "about:blank";
    }
    String text = type.toString();
    return text.substring(text.lastIndexOf('/') + 1);
  }
}
