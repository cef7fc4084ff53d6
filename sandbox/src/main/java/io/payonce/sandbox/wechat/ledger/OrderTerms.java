package io.payonce.sandbox.wechat.ledger;

import java.time.Instant;
import java.util.Objects;

/**
 * What the merchant asked for: the fields a repeated order request must not change.
 *
 * @param total in fen
 * @param notifyUrl the APIv3 notify_url (Native), null for payment codes
 * @param timeExpire the last moment the buyer may pay, if the merchant set one
 */
public record OrderTerms(
    String description,
    long total,
    String currency,
    String attach,
    String notifyUrl,
    Instant timeExpire) {

  public OrderTerms {
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(currency, "currency");
  }

  boolean sameDeal(OrderTerms other) {
    return total == other.total
        && description.equals(other.description)
        && currency.equals(other.currency)
        && Objects.equals(attach, other.attach)
        && (other.timeExpire == null || other.timeExpire.equals(timeExpire));
  }
}
