package io.payonce.server.money;

import java.math.BigDecimal;
import java.util.Currency;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An exact, non-negative amount in minor units (fen for CNY) of an ISO 4217 currency. Alipay speaks
 * the decimal string ("12.34"), WeChat Pay the minor units (1234); both conversions are exact.
 */
public record Money(long minorUnits, String currency) {

  private static final Pattern DECIMAL = Pattern.compile("(0|[1-9][0-9]{0,17})(\\.[0-9]{1,9})?");

  public Money {
    Objects.requireNonNull(currency, "currency");
    if (minorUnits < 0) {
      throw new InvalidMoneyException("amount must not be negative");
    }
    fractionDigits(currency);
  }

  /** Money of the given minor units. */
  public static Money ofMinor(long minorUnits, String currency) {
    return new Money(minorUnits, currency);
  }

  /**
   * Parses a plain decimal string such as "12.34": digits, at most one point, no sign, no exponent,
   * no more decimals than the currency has (2 for CNY).
   *
   * @throws InvalidMoneyException if the text is not such an amount or does not fit
   */
  public static Money parse(String amount, String currency) {
    if (amount == null || !DECIMAL.matcher(amount).matches()) {
      throw new InvalidMoneyException("amount must be a plain decimal number such as 12.34");
    }
    int digits = fractionDigits(currency);
    BigDecimal decimal = new BigDecimal(amount);
    if (decimal.scale() > digits) {
      throw new InvalidMoneyException("amount must have at most " + digits + " decimals");
    }
    try {
      return new Money(decimal.movePointRight(digits).longValueExact(), currency);
    } catch (ArithmeticException e) {
      throw new InvalidMoneyException("amount is too large");
    }
  }

  /** The decimal string with exactly the currency's decimals, e.g. "12.30". */
  public String toDecimalString() {
    return BigDecimal.valueOf(minorUnits, fractionDigits(currency)).toPlainString();
  }

  public boolean isPositive() {
    return minorUnits > 0;
  }

  public boolean isGreaterThan(Money other) {
    if (!currency.equals(other.currency)) {
      throw new InvalidMoneyException("cannot compare " + currency + " with " + other.currency);
    }
    return minorUnits > other.minorUnits;
  }

  @Override
  public String toString() {
    return toDecimalString() + " " + currency;
  }

  private static int fractionDigits(String currency) {
    int digits;
    try {
      digits = Currency.getInstance(currency).getDefaultFractionDigits();
    } catch (IllegalArgumentException e) {
      throw new InvalidMoneyException("unknown currency: " + currency);
    }
    if (digits < 0) {
      throw new InvalidMoneyException("not a currency of money: " + currency);
    }
    return digits;
  }
}
