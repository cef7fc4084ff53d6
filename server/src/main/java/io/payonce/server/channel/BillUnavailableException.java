package io.payonce.server.channel;

/** No bill could be had: the channel refused or did not answer, or the file is not there. */
public class BillUnavailableException extends Exception {

  private final boolean noTradesThatDay;

  public BillUnavailableException(String message) {
    this(message, false);
  }

  private BillUnavailableException(String message, boolean noTradesThatDay) {
    super(message, null, false, false);
    this.noTradesThatDay = noTradesThatDay;
  }

  /** The channel says it has no bill for the day because nothing happened that day. */
  public static BillUnavailableException noTradesThatDay(String message) {
    return new BillUnavailableException(message, true);
  }

  /** Whether the day is known to be empty: reconciled as a bill without rows. */
  public boolean noTradesThatDay() {
    return noTradesThatDay;
  }
}
