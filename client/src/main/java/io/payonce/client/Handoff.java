package io.payonce.client;

import java.time.Instant;
import java.util.Map;

/**
 * The order's one hand-off on a channel — asking again answers the same one — and where its payment
 * stands. Neither the buyer opening it nor the channel's page sending the browser back is proof of
 * payment: only the order's status is ({@link PayOnceClient#query}).
 *
 * @param kind the product, as the server spells it ({@code WEB}, {@code APP}, ...)
 * @param handoff what to give the buyer's side
 */
public record Handoff(
    String orderNo,
    String outTradeNo,
    String kind,
    Details handoff,
    Instant expireTime,
    String paymentStatus) {

  /**
   * One of three shapes, named by {@code type}: {@code redirect} — send the browser to {@code url}
   * (GET) or submit {@code formFields} to {@code formAction} (POST); {@code app} — hand the
   * channel's SDK {@code encoded} (one signed string) or {@code fields} (signed parameters); {@code
   * bridge} — hand {@code params} to the channel app's JS bridge as they are. The others are empty.
   */
  public record Details(
      String type,
      String url,
      String formAction,
      Map<String, String> formFields,
      Map<String, String> fields,
      String encoded,
      Map<String, String> params) {

    public Details {
      formFields = formFields == null ? Map.of() : Map.copyOf(formFields);
      fields = fields == null ? Map.of() : Map.copyOf(fields);
      params = params == null ? Map.of() : Map.copyOf(params);
    }
  }
}
