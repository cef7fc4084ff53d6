package io.payonce.chaos.http;

import java.net.ConnectException;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * An HTTP answer as the harness keeps it; {@code status} is -1 when there was none (connection
 * refused or reset, timeout), with {@code error} saying which.
 *
 * @param headers the headers the harness cares about, lower-case names
 */
public record Reply(int status, String body, Map<String, String> headers, String error) {

  static Reply failed(Exception e) {
    String kind = e instanceof ConnectException ? "refused" : e.getClass().getSimpleName();
    return new Reply(-1, "", Map.of(), kind);
  }

  public boolean ok() {
    return status / 100 == 2;
  }

  public boolean refused() {
    return status == -1 && "refused".equals(error);
  }

  /** No answer, or an answer that says to try again (5xx, or anything with Retry-After). */
  public boolean retryable() {
    return status == -1 || status >= 500 || headers.containsKey("retry-after");
  }

  public boolean replayed() {
    return "true".equalsIgnoreCase(headers.get("idempotent-replayed"));
  }

  public JsonNode json() {
    return JsonHttp.JSON.readTree(body.isEmpty() ? "{}" : body);
  }

  /** A JSON field as text, or null. */
  public String text(String field) {
    try {
      JsonNode node = json().path(field);
      return node.isMissingNode() || node.isNull() ? null : node.asString();
    } catch (RuntimeException notJson) {
      return null;
    }
  }

  /** The last segment of a problem document's type (e.g. {@code order-paid}), or null. */
  public String problem() {
    String type = status >= 400 ? text("type") : null;
    return type == null ? null : type.substring(type.lastIndexOf('/') + 1);
  }

  /**
   * Status and problem in a few characters, for notes: {@code 409 order-paid}, {@code -1 refused}.
   */
  public String brief() {
    if (status == -1) {
      return "-1 " + error;
    }
    String problem = problem();
    if (problem != null) {
      return status + " " + problem;
    }
    for (String field : new String[] {"status", "paymentStatus", "orderStatus", "tradeStatus"}) {
      String value = ok() ? text(field) : null;
      if (value != null) {
        return status + " " + value;
      }
    }
    return Integer.toString(status);
  }
}
