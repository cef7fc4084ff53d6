package io.payonce.server.order.web;

import io.payonce.server.money.InvalidMoneyException;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderProperties;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.web.TextRules;
import io.payonce.server.webhook.NotifyUrls;
import java.util.ArrayList;
import java.util.List;
import org.springframework.modulith.NamedInterface;
import org.springframework.stereotype.Component;

/**
 * Checks every field of a create request and reports all the invalid ones at once. Published to the
 * other modules (the demo shop creates orders too, under the same rules as the merchant API).
 */
@Component
@NamedInterface("order-requests")
public class OrderRequestValidator {

  private static final int MAX_AMOUNT_TEXT = 20;

  private final OrderProperties properties;
  private final NotifyUrls notifyUrls;

  OrderRequestValidator(OrderProperties properties, NotifyUrls notifyUrls) {
    this.properties = properties;
    this.notifyUrls = notifyUrls;
  }

  /**
   * An order as {@code POST /api/orders} would take it from these fields.
   *
   * @throws InvalidRequestException naming every field that is wrong
   */
  public NewOrder validate(
      String appId, String orderNo, String userId, String amount, String currency, String title) {
    return validate(appId, new CreateOrderRequest(orderNo, userId, amount, currency, title, null));
  }

  NewOrder validate(String appId, CreateOrderRequest request) {
    List<FieldViolation> violations = new ArrayList<>();
    checkOrderNo(request.orderNo(), violations);
    checkText("userId", request.userId(), NewOrder.MAX_USER_ID, violations);
    checkText("title", request.title(), NewOrder.MAX_TITLE, violations);
    boolean currencyValid = checkCurrency(request.currency(), violations);
    Money amount = currencyValid ? amount(request.amount(), request.currency(), violations) : null;
    if (!currencyValid && request.amount() == null) {
      violations.add(new FieldViolation("amount", "is required"));
    }
    String notifyUrl = notifyUrl(request.notifyUrl(), violations);
    if (!violations.isEmpty()) {
      throw new InvalidRequestException(violations);
    }
    return new NewOrder(
        appId, request.orderNo(), request.userId(), amount, request.title(), notifyUrl);
  }

  // Optional: absent or blank means the app's webhook URL.
  private String notifyUrl(String url, List<FieldViolation> violations) {
    if (url == null || url.isBlank()) {
      return null;
    }
    notifyUrls
        .problem(url)
        .ifPresent(problem -> violations.add(new FieldViolation("notifyUrl", problem)));
    return url;
  }

  private static void checkOrderNo(String orderNo, List<FieldViolation> violations) {
    if (orderNo == null || !NewOrder.ORDER_NO.matcher(orderNo).matches()) {
      violations.add(
          new FieldViolation("orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -"));
    }
  }

  private static void checkText(
      String field, String value, int maxLength, List<FieldViolation> violations) {
    if (value == null || value.isBlank()) {
      violations.add(new FieldViolation(field, "is required"));
    } else if (value.length() > maxLength) {
      violations.add(new FieldViolation(field, "must be at most " + maxLength + " characters"));
    } else if (!TextRules.isPrintable(value)) {
      violations.add(new FieldViolation(field, TextRules.NOT_PRINTABLE));
    }
  }

  private boolean checkCurrency(String currency, List<FieldViolation> violations) {
    if (currency == null || !properties.currencies().contains(currency)) {
      violations.add(new FieldViolation("currency", "must be one of " + properties.currencies()));
      return false;
    }
    return true;
  }

  private Money amount(String text, String currency, List<FieldViolation> violations) {
    if (text == null || text.isBlank()) {
      violations.add(new FieldViolation("amount", "is required"));
      return null;
    }
    if (text.length() > MAX_AMOUNT_TEXT) {
      violations.add(new FieldViolation("amount", "is too long"));
      return null;
    }
    try {
      Money amount = Money.parse(text, currency);
      Money max = Money.parse(properties.maxAmount().toPlainString(), currency);
      if (!amount.isPositive()) {
        violations.add(new FieldViolation("amount", "must be greater than zero"));
      } else if (amount.isGreaterThan(max)) {
        violations.add(new FieldViolation("amount", "must be at most " + max.toDecimalString()));
      } else {
        return amount;
      }
    } catch (InvalidMoneyException e) {
      violations.add(new FieldViolation("amount", e.getMessage()));
    }
    return null;
  }
}
