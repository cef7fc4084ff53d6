package io.payonce.server.order;

import io.payonce.server.money.Money;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A request to create an order for an app; the web layer reports field errors before building one.
 *
 * @param notifyUrl where the order's events are posted instead of its app's webhook URL (Jeepay's
 *     notifyUrl), already checked by the webhooks' rules; null for the app's
 */
public record NewOrder(
    String appId, String orderNo, String userId, Money amount, String title, String notifyUrl) {

  /** The caller's order number: 1 to 64 of letters, digits, '_' and '-'. */
  public static final Pattern ORDER_NO = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  public static final int MAX_USER_ID = 64;
  public static final int MAX_TITLE = 256;

  /** An order whose events go to its app's webhook URL. */
  public NewOrder(String appId, String orderNo, String userId, Money amount, String title) {
    this(appId, orderNo, userId, amount, title, null);
  }

  /** The order's reference: its app and number. */
  public OrderRef ref() {
    return new OrderRef(appId, orderNo);
  }

  public NewOrder {
    Objects.requireNonNull(appId, "appId");
    Objects.requireNonNull(amount, "amount");
    if (orderNo == null || !ORDER_NO.matcher(orderNo).matches()) {
      throw new IllegalArgumentException("invalid orderNo");
    }
    if (userId == null || userId.isBlank() || userId.length() > MAX_USER_ID) {
      throw new IllegalArgumentException("invalid userId");
    }
    if (title == null || title.isBlank() || title.length() > MAX_TITLE) {
      throw new IllegalArgumentException("invalid title");
    }
    if (!amount.isPositive()) {
      throw new IllegalArgumentException("amount must be positive");
    }
  }
}
