package io.payonce.server.channel;

import java.time.Instant;

/**
 * A payment channel's verbs, in channel-neutral terms. Every verb answers done, refused or unknown;
 * none is ever called inside a database transaction.
 */
public interface PaymentChannel {

  /** The channel's name as payments store it (e.g. ALIPAY). */
  String name();

  /** Issues a QR code for a new trade that expires at {@code expireAt}. */
  ChannelOutcome<Precreated> precreate(
      String outTradeNo, long amountMinor, String subject, Instant expireAt);

  /** What became of a trade; a trade the channel does not know is {@link TradeState#NOT_FOUND}. */
  ChannelOutcome<ChannelTrade> query(String outTradeNo);

  /** Closes an unpaid trade. */
  ChannelOutcome<ChannelTrade> close(String outTradeNo);

  /** Reverses a barcode payment whatever became of it: closes it if unpaid, refunds it if paid. */
  ChannelOutcome<CancelResult> cancel(String outTradeNo);

  /** Takes a payment from the buyer's barcode; WAIT_BUYER_PAY when the buyer must confirm. */
  ChannelOutcome<ChannelTrade> pay(
      String outTradeNo, String authCode, long amountMinor, String subject, Instant expireAt);

  /** Refunds under {@code outRequestNo}; the same number again never refunds twice. */
  ChannelOutcome<RefundResult> refund(
      String outTradeNo, String outRequestNo, long amountMinor, String reason);

  /** Whether the refund {@code outRequestNo} was made. */
  ChannelOutcome<RefundState> refundQuery(String outTradeNo, String outRequestNo);
}
