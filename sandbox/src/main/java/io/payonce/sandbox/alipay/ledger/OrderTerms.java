package io.payonce.sandbox.alipay.ledger;

import java.math.BigDecimal;
import java.util.Objects;

/** What the merchant asked for: the key fields a repeated request must not change. */
public record OrderTerms(
    String subject, String body, BigDecimal totalAmount, String notifyUrl, String storeId) {

  public OrderTerms {
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(totalAmount, "totalAmount");
  }

  boolean sameDeal(OrderTerms other) {
    return totalAmount.compareTo(other.totalAmount) == 0 && subject.equals(other.subject);
  }
}
