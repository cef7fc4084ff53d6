package io.payonce.sandbox.alipay.bill;

import io.payonce.sandbox.alipay.AlipayTime;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;

/**
 * A bill_date: a day ({@code yyyy-MM-dd}) or a month ({@code yyyy-MM}), as [from, until) in China
 * time. {@code compact} is how file names write it ({@code yyyyMMdd} / {@code yyyyMM}).
 */
public record BillPeriod(LocalDate from, LocalDate until, String compact) {

  /** Throws IllegalArgumentException for anything but a day or a month. */
  public static BillPeriod parse(String billDate) {
    try {
      if (billDate.length() == 7) {
        YearMonth month = YearMonth.parse(billDate);
        return new BillPeriod(
            month.atDay(1), month.plusMonths(1).atDay(1), billDate.replace("-", ""));
      }
      LocalDate day = LocalDate.parse(billDate);
      return new BillPeriod(day, day.plusDays(1), billDate.replace("-", ""));
    } catch (DateTimeParseException | NullPointerException e) {
      throw new IllegalArgumentException("bill_date must be yyyy-MM-dd or yyyy-MM");
    }
  }

  public boolean contains(Instant instant) {
    LocalDate date = AlipayTime.date(instant);
    return !date.isBefore(from) && date.isBefore(until);
  }

  /** Bills exist only for periods that are over (T+1). */
  public boolean over(Instant now) {
    return !AlipayTime.date(now).isBefore(until);
  }
}
