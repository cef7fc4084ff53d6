package io.payonce.client;

/**
 * An order to create. The order number is the merchant's and makes creation idempotent: the same
 * fields again answer the same order.
 *
 * @param orderNo 1 to 64 of A-Z, a-z, 0-9, _ and -
 * @param userId the buyer in the merchant's system
 * @param amount a decimal string in major units, e.g. {@code "12.34"} (never a float)
 * @param currency e.g. {@code CNY}
 * @param title what the buyer sees; may be null
 */
public record NewOrder(
    String orderNo, String userId, String amount, String currency, String title) {

  /** An order in yuan (CNY). */
  public static NewOrder cny(String orderNo, String userId, String amount, String title) {
    return new NewOrder(orderNo, userId, amount, "CNY", title);
  }
}
