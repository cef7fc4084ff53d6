package io.payonce.server.notify;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.payment.NotifyRoute;

/**
 * What a channel's protocol made of one delivery, in neutral terms: refused (and by whom it may
 * have been sent), taken with nothing to do, or a fact to apply. Each carries what the delivery's
 * receipt shows.
 */
public sealed interface CallbackReading {

  /** What the delivery's receipt shows of it. */
  Shown shown();

  /**
   * What a receipt shows of a delivery, as it said it (untrusted until verified).
   *
   * @param notifyId the channel's id of the delivery (stable across its re-sends)
   * @param tradeStatus the state or event type it named
   * @param totalAmount the amount it named, as it wrote it
   * @param payloadHash SHA-256 of the delivery: the same delivery always hashes alike
   */
  record Shown(
      String outTradeNo,
      String notifyId,
      String tradeStatus,
      String totalAmount,
      String payloadHash) {}

  /**
   * Refused before it was known to be the channel's (or as a replay of it): anyone could have sent
   * it, so its alarm and receipt are within the budget for those.
   *
   * @param outcome the receipt's word for why (e.g. {@code BAD_SIGNATURE})
   */
  record Unproven(AlarmType alarm, String outcome, String detail, Shown shown)
      implements CallbackReading {}

  /** Refused although the channel signed it: a configuration problem worth an alarm every time. */
  record Refused(AlarmType alarm, String outcome, String detail, Shown shown)
      implements CallbackReading {}

  /** Signed and taken, with nothing to apply (e.g. a payment that failed at the channel). */
  record Ignored(String outcome, String detail, Shown shown) implements CallbackReading {}

  /**
   * A trade's state to apply at most once.
   *
   * @param eventKey what it asserts, unique per fact: the dedup key
   * @param route where it came from, checked against the payment's own configuration
   */
  record TradeReport(ChannelTrade trade, String eventKey, NotifyRoute route, Shown shown)
      implements CallbackReading {}

  /**
   * That a refund changed: only a cue to ask the channel about it, so it needs no proof of its own,
   * only its route checked (a refund number we do not know changes nothing).
   */
  record RefundReport(String outTradeNo, String outRefundNo, NotifyRoute route, Shown shown)
      implements CallbackReading {}
}
