package io.payonce.server.channel;

import java.time.Instant;

/**
 * One well-formed detail row of a channel bill. Amounts are minor units; refunds are negative, as
 * the bill writes them.
 *
 * @param lineNo the row's position among the bill's detail rows, from 1
 * @param outRequestNo the refund's request number; null for payments
 * @param finishedAt when the channel completed it; null if the bill's time was unreadable
 */
public record BillLine(
    long lineNo,
    Kind kind,
    String tradeNo,
    String outTradeNo,
    long amountMinor,
    String outRequestNo,
    Instant finishedAt) {

  /** What a bill row records. */
  public enum Kind {
    /** Money taken from a buyer. */
    PAYMENT,
    /** Money given back. */
    REFUND,
    /**
     * A row that could not be read, as reconciliation stages it so that its out_trade_no, if any,
     * is not missed; a reader hands such a row to {@link BillSink#bad} instead.
     */
    BAD
  }
}
