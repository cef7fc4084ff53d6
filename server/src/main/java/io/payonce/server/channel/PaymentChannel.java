package io.payonce.server.channel;

import io.payonce.server.money.Money;
import java.time.Instant;
import java.util.Set;

/**
 * A payment channel's verbs, in channel-neutral terms. Every verb answers done, refused or unknown;
 * none is ever called inside a database transaction.
 */
public interface PaymentChannel {

  /** Which channel this adapter speaks: its one identity, as payments store it. */
  Channel channel();

  /** The channel's name as people know it (e.g. in the API document). */
  String displayName();

  /** The kinds of payment this adapter takes: each is a product of the merchant API. */
  Set<PaymentKind> kinds();

  /**
   * The ISO 4217 currencies this channel can charge: the service refuses to start accepting orders
   * in any other.
   */
  Set<String> currencies();

  /**
   * The largest amount, in minor units, the channel takes in one payment: an order above it can be
   * paid on another channel, and is refused here before any payment is opened.
   */
  default long maxAmountMinor() {
    return Long.MAX_VALUE;
  }

  /** Issues a QR code for a new trade that expires at {@code expireAt}. */
  ChannelOutcome<Precreated> precreate(
      String outTradeNo, Money amount, String subject, Instant expireAt);

  /**
   * Issues the hand-off of a product that sends the buyer elsewhere to pay ({@link
   * PaymentKind#answersHandoff()}: the channel's page, its app) for a new trade expiring at {@code
   * terms.expireAt()}. The trade may not exist at the channel until the buyer opens or pays it: a
   * close before then closes nothing, so such a payment is watched until it expires. Adapters that
   * do not offer {@code kind} refuse.
   */
  default ChannelOutcome<Handoff> handOff(PaymentKind kind, HandoffTerms terms) {
    return ChannelOutcome.refused(Refusal.OTHER, "UNSUPPORTED_KIND", kind.name());
  }

  /**
   * Whether a hand-off of this kind needs the buyer's address ({@link BuyerFacts#clientIp()}), as
   * the channel checks it against the browser that opens its page (WeChat's H5): a request without
   * one is refused before any payment opens.
   */
  default boolean needsClientIp(PaymentKind kind) {
    return false;
  }

  /**
   * How long the channel keeps a hand-off of this kind good, when that is shorter than a payment's
   * life (WeChat's h5_url: 5 minutes): the payment then lives no longer, and a buyer who comes back
   * later gets a new one (the old one closed first), never a dead page.
   */
  default java.util.Optional<java.time.Duration> handoffLife(PaymentKind kind) {
    return java.util.Optional.empty();
  }

  /**
   * How a page in the channel's own app learns the buyer's id at the channel (for its JS bridge's
   * product), if this account can: empty for a channel, or an account, that cannot.
   */
  default java.util.Optional<BuyerSignIn> buyerSignIn() {
    return java.util.Optional.empty();
  }

  /** What became of a trade; a trade the channel does not know is {@link TradeState#NOT_FOUND}. */
  ChannelOutcome<ChannelTrade> query(String outTradeNo);

  /** Closes an unpaid trade. */
  ChannelOutcome<ChannelTrade> close(String outTradeNo);

  /** Reverses a barcode payment whatever became of it: closes it if unpaid, refunds it if paid. */
  ChannelOutcome<CancelResult> cancel(String outTradeNo);

  /** Takes a payment from the buyer's barcode; WAIT_BUYER_PAY when the buyer must confirm. */
  ChannelOutcome<ChannelTrade> pay(
      String outTradeNo, String authCode, Money amount, String subject, Instant expireAt);

  /** Refunds under {@code outRequestNo}; the same number again never refunds twice. */
  ChannelOutcome<RefundResult> refund(
      String outTradeNo, String outRequestNo, Money amount, String reason);

  /** Whether the refund {@code outRequestNo} was made. */
  ChannelOutcome<RefundState> refundQuery(String outTradeNo, String outRequestNo);
}
