package io.payonce.server.view;

import java.time.Instant;
import java.util.List;

/**
 * The console's first page: today's payments (UTC) and what needs the operator.
 *
 * @param since the start of today, UTC
 * @param byStatus today's payments by status (count and amount)
 * @param byChannel today's successful payments by channel and currency
 * @param openAlarms alarms not resolved, of any day
 * @param outboxBacklog events not yet published
 * @param oldestUnpublished when the oldest of them was written, or {@code null}
 * @param pendingRefunds refunds whose channel answer is not known yet
 * @param oldestInFlight the oldest payment whose outcome is unknown (PAYING, CANCELLING, or INIT
 *     whose call lease ran out), if any
 */
public record Dashboard(
    Instant since,
    List<Figure> byStatus,
    List<Figure> byChannel,
    long openAlarms,
    long outboxBacklog,
    Instant oldestUnpublished,
    long pendingRefunds,
    InFlight oldestInFlight) {

  /** A count and an amount in minor units for one label (a status, a channel and currency). */
  public record Figure(String label, String currency, long count, long amountMinor) {}

  /** A payment whose outcome is not known yet. */
  public record InFlight(String outTradeNo, String status, Instant since) {}

  /** Today's payments, all statuses. */
  public long payments() {
    return byStatus.stream().mapToLong(Figure::count).sum();
  }

  /** Successful payments as a share of today's payments that ended (0 to 100, one decimal). */
  public double successRate() {
    long success = count("SUCCESS");
    long ended = success + count("FAIL") + count("CLOSED");
    return ended == 0 ? 0 : Math.round(success * 1000.0 / ended) / 10.0;
  }

  private long count(String status) {
    return byStatus.stream().filter(f -> f.label().equals(status)).mapToLong(Figure::count).sum();
  }
}
