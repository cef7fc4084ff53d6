package io.payonce.server.channel;

import java.io.InputStream;
import java.time.Duration;
import java.time.LocalDate;

/**
 * A channel's daily trade bill, its final word on what it took and gave back: where to get it and
 * how to read it into channel-neutral rows. One adapter per channel, in that channel's package;
 * reconciliation finds them by {@link #channel()} and knows nothing of a bill's format.
 */
public interface ChannelBills {

  /** Whose bills these are. */
  Channel channel();

  /**
   * The trade bill of {@code billDate}, a day in the channel's bill time zone. Nothing is asked
   * until {@link BillSource#open()}, and each open asks the channel afresh (a download address may
   * be short-lived). Opening fails with {@link BillUnavailableException#noTradesThatDay()} when the
   * channel says the day had no trades, and with a plain {@link BillUnavailableException} when it
   * refuses or does not answer.
   *
   * @param timeout how long to wait for the channel's answer and the download's first byte
   */
  BillSource tradeBill(LocalDate billDate, Duration timeout);

  /**
   * The trade bill of one channel configuration's account (bills are per account): {@link
   * #tradeBill(LocalDate, Duration)} for the bootstrap one.
   */
  default BillSource tradeBill(String configKey, LocalDate billDate, Duration timeout) {
    if (ChannelConfigKey.isBootstrap(configKey)) {
      return tradeBill(billDate, timeout);
    }
    return () -> {
      throw new BillUnavailableException("no bills of configuration " + configKey + " here");
    };
  }

  /**
   * Reads a bill as {@link #tradeBill} serves it (or as an operator saved it from the channel),
   * handing every detail row to {@code sink} in order without holding the bill whole. Returns only
   * when the bill was read to its end and its rows agree with the totals it states about itself, so
   * that a truncated bill is never mistaken for a day with fewer trades.
   *
   * @throws BillFormatException if the bill is truncated, wrongly encoded, lacks a column, or its
   *     rows do not add up to its totals: then nothing read from it may be trusted
   */
  BillTotals read(InputStream bill, BillSink sink) throws BillFormatException;
}
