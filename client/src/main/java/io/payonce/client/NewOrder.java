package io.payonce.client;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * An order to create. The order number is the merchant's and makes creation idempotent: the same
 * fields again answer the same order.
 *
 * @param orderNo 1 to 64 of A-Z, a-z, 0-9, _ and -
 * @param userId the buyer in the merchant's system
 * @param amount a decimal string in major units, e.g. {@code "12.34"} (never a float)
 * @param currency e.g. {@code CNY}
 * @param title what the buyer sees; may be null
 * @param notifyUrl where this order's events are POSTed (signed with the app's webhook secret), or
 *     null for the app's webhook URL; an absolute http(s) URL
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewOrder(
    String orderNo, String userId, String amount, String currency, String title, String notifyUrl) {

  /** An order without a notifyUrl of its own: its events go to the app's webhook URL. */
  public NewOrder(String orderNo, String userId, String amount, String currency, String title) {
    this(orderNo, userId, amount, currency, title, null);
  }

  /** An order in yuan (CNY). */
  public static NewOrder cny(String orderNo, String userId, String amount, String title) {
    return new NewOrder(orderNo, userId, amount, "CNY", title, null);
  }

  /** This order with its events POSTed to {@code notifyUrl} rather than the app's webhook URL. */
  public NewOrder withNotifyUrl(String notifyUrl) {
    return new NewOrder(orderNo, userId, amount, currency, title, notifyUrl);
  }
}
