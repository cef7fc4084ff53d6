package io.payonce.sandbox.alipay.bill;

import io.payonce.sandbox.alipay.AlipayTime;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;

/**
 * A bill_date: a day ({@code yyyy-MM-dd}) or a month ({@code yyyy-MM}), as [from, until) in China
 * time. {@code compact} is how file names write it ({@code yyyyMMdd} / {@code yyyyMM}).
 */
public record BillPeriod(LocalDate from, LocalDate until, String compact) {

  /** The first and last days a bill may be for; outside them, day arithmetic may overflow. */
  static final LocalDate FIRST_DAY = LocalDate.of(1970, 1, 1);

  static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);

  /**
   * Throws IllegalArgumentException for anything but a day or a month from 1970 to 9999 ({@code
   * +999999999-12-31} parses, and its day after once failed with a 500).
   */
  public static BillPeriod parse(String billDate) {
    BillPeriod period = parseAny(billDate);
    if (period.from().isBefore(FIRST_DAY) || period.until().isAfter(LAST_DAY.plusDays(1))) {
      throw new IllegalArgumentException("bill_date must be from 1970 to 9999");
    }
    return period;
  }

  private static BillPeriod parseAny(String billDate) {
    try {
      if (billDate.length() == 7) {
        YearMonth month = YearMonth.parse(billDate);
        return new BillPeriod(
            month.atDay(1), month.plusMonths(1).atDay(1), billDate.replace("-", ""));
      }
      LocalDate day = LocalDate.parse(billDate);
      return new BillPeriod(day, day.plusDays(1), billDate.replace("-", ""));
    } catch (DateTimeException | NullPointerException e) {
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
