package io.payonce.chaos.check;

import io.payonce.chaos.check.Books.OrderRow;
import io.payonce.chaos.check.Books.OutboxRow;
import io.payonce.chaos.check.Books.PaymentRow;
import io.payonce.chaos.check.Books.RefundRow;
import io.payonce.chaos.check.Books.Trade;
import io.payonce.chaos.check.Books.TradeRefund;
import io.payonce.chaos.cluster.Timings;
import io.payonce.chaos.events.EventLog;
import io.payonce.chaos.http.Reply;
import io.payonce.chaos.workload.Exchange;
import io.payonce.chaos.workload.Exchanges;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** Evaluates every {@link Invariant} over the books, the events received and the answers. */
public final class Invariants {

  private static final Set<String> PAID_ORDER =
      Set.of("PAID", "REFUNDING", "PARTIALLY_REFUNDED", "REFUNDED");
  private static final Duration SLACK = Duration.ofSeconds(15);
  private static final String MISSING = " is not in the books";

  private final Timings timings;
  private final Instant epoch;

  public Invariants(Timings timings) {
    this(timings, Instant.EPOCH);
  }

  /** {@code epoch}: the instant the exchanges' times count from. */
  public Invariants(Timings timings, Instant epoch) {
    this.timings = timings;
    this.epoch = epoch;
  }

  public Verdict check(Books books, EventLog events, Exchanges exchanges, long atMs) {
    Index index = new Index(books);
    Map<Invariant, List<Violation>> found = new EnumMap<>(Invariant.class);
    for (Invariant invariant : Invariant.values()) {
      found.put(invariant, new ArrayList<>());
    }
    moneyAtMostOnce(index, found.get(Invariant.I1));
    successesRecorded(index, found.get(Invariant.I2));
    refundsWithinPaid(index, found.get(Invariant.I3));
    replaysIdentical(exchanges.all(), found.get(Invariant.I4));
    fulfilledOnce(index, events, found.get(Invariant.I5));
    nothingStuck(books, found.get(Invariant.I6));
    answersWellFormed(exchanges, found.get(Invariant.I7));
    acknowledgedFactsKept(books, index, exchanges, found.get(Invariant.I8));
    return new Verdict(found, pending(books, events).isEmpty(), pending(books, events), atMs);
  }

  private void moneyAtMostOnce(Index index, List<Violation> out) {
    for (OrderRow order : index.orders) {
      List<Trade> trades = index.tradesOf(order);
      long net = trades.stream().mapToLong(Trade::netMinor).sum();
      if (net > order.amountMinor()) {
        out.add(
            new Violation(
                Invariant.I1,
                order.orderNo(),
                "the channel holds "
                    + net
                    + " for an order of "
                    + order.amountMinor()
                    + ": "
                    + describe(trades)));
      }
      List<Trade> live =
          trades.stream().filter(t -> t.paid() && t.refundedMinor() < t.totalMinor()).toList();
      if (live.size() > 1) {
        out.add(
            new Violation(
                Invariant.I1,
                order.orderNo(),
                live.size() + " paid trades not fully refunded: " + describe(live)));
      }
    }
  }

  private void successesRecorded(Index index, List<Violation> out) {
    for (Trade trade : index.trades.values()) {
      PaymentRow payment = index.payments.get(trade.outTradeNo());
      if (payment == null) {
        out.add(
            new Violation(
                Invariant.I2,
                null,
                "trade " + describe(List.of(trade)) + " has no payment in our books"));
        continue;
      }
      String orderNo = index.orderNo(payment);
      boolean reversedByCancel =
          trade.paid()
              && trade.refunds().stream()
                      .filter(r -> r.outRequestNo().startsWith("CANCEL-"))
                      .mapToLong(TradeRefund::amountMinor)
                      .sum()
                  >= trade.totalMinor();
      if (trade.paid() && !reversedByCancel && !payment.status().equals("SUCCESS")) {
        out.add(
            new Violation(
                Invariant.I2,
                orderNo,
                "the channel took "
                    + trade.totalMinor()
                    + " on "
                    + trade.outTradeNo()
                    + " ("
                    + trade.status()
                    + ", refunded "
                    + trade.refundedMinor()
                    + ") but the payment is "
                    + payment.status()));
      }
    }
    for (OrderRow order : index.orders) {
      List<PaymentRow> payments = index.paymentsOf(order);
      if (PAID_ORDER.contains(order.status())
          && payments.stream().noneMatch(p -> p.status().equals("SUCCESS"))) {
        out.add(
            new Violation(
                Invariant.I2,
                order.orderNo(),
                "order " + order.status() + " without a SUCCESS payment: " + statuses(payments)));
      }
      for (PaymentRow payment : payments) {
        if (!payment.status().equals("SUCCESS")) {
          continue;
        }
        Trade trade = index.trades.get(payment.outTradeNo());
        if (trade == null || !trade.paid()) {
          out.add(
              new Violation(
                  Invariant.I2,
                  order.orderNo(),
                  "payment "
                      + payment.outTradeNo()
                      + " is SUCCESS but the channel has "
                      + (trade == null ? "no trade" : trade.status())));
        } else if (!Objects.equals(trade.tradeNo(), payment.tradeNo())) {
          out.add(
              new Violation(
                  Invariant.I2,
                  order.orderNo(),
                  "payment "
                      + payment.outTradeNo()
                      + " records trade_no "
                      + payment.tradeNo()
                      + ", the channel "
                      + trade.tradeNo()));
        }
      }
    }
  }

  private void refundsWithinPaid(Index index, List<Violation> out) {
    for (PaymentRow payment : index.payments.values()) {
      String orderNo = index.orderNo(payment);
      List<RefundRow> refunds = index.refundsOf(payment);
      long succeeded = sum(refunds, "SUCCESS");
      long pending = sum(refunds, "PENDING");
      if (succeeded + pending > payment.amountMinor()) {
        out.add(
            new Violation(
                Invariant.I3,
                orderNo,
                "our refunds of "
                    + payment.outTradeNo()
                    + " reach "
                    + (succeeded + pending)
                    + " of "
                    + payment.amountMinor()
                    + ": "
                    + describeRefunds(refunds)));
      }
      Trade trade = index.trades.get(payment.outTradeNo());
      if (trade == null) {
        if (succeeded > 0) {
          out.add(
              new Violation(
                  Invariant.I3,
                  orderNo,
                  "refunds succeeded for "
                      + payment.outTradeNo()
                      + " which the channel never charged"));
        }
        continue;
      }
      if (trade.refundedMinor() > trade.totalMinor()) {
        out.add(
            new Violation(
                Invariant.I3,
                orderNo,
                "the channel refunded "
                    + trade.refundedMinor()
                    + " of "
                    + trade.totalMinor()
                    + " on "
                    + trade.outTradeNo()));
      }
      if (payment.status().equals("SUCCESS")
          && pending == 0
          && trade.refundedMinor() != succeeded) {
        out.add(
            new Violation(
                Invariant.I3,
                orderNo,
                "the channel refunded "
                    + trade.refundedMinor()
                    + " on "
                    + trade.outTradeNo()
                    + " "
                    + channelRefunds(trade)
                    + ", our books "
                    + succeeded
                    + " "
                    + describeRefunds(refunds)));
      }
    }
  }

  private static void replaysIdentical(List<Exchange> exchanges, List<Violation> out) {
    Map<String, List<Exchange>> byKey = new LinkedHashMap<>();
    for (Exchange e : exchanges) {
      if (e.key() != null && e.status() > 0) {
        byKey
            .computeIfAbsent(e.op() + " " + e.key() + " " + e.sent(), k -> new ArrayList<>())
            .add(e);
      }
    }
    for (List<Exchange> group : byKey.values()) {
      List<Exchange> originals = group.stream().filter(e -> !e.replayed() && stored(e)).toList();
      if (originals.size() > 1 && originals.stream().map(Exchange::body).distinct().count() > 1) {
        Exchange a = originals.get(0);
        out.add(
            new Violation(
                Invariant.I4,
                a.orderNo(),
                "key "
                    + a.key()
                    + " ran "
                    + originals.size()
                    + " times to different final answers: "
                    + originals.stream().map(e -> e.status() + " via " + e.target()).toList()));
      }
      if (originals.isEmpty()) {
        continue;
      }
      Exchange first = originals.get(0);
      for (Exchange replay : group) {
        if (replay.replayed()
            && (replay.status() != first.status()
                || !Objects.equals(replay.body(), first.body()))) {
          out.add(
              new Violation(
                  Invariant.I4,
                  replay.orderNo(),
                  replay.op()
                      + " key "
                      + replay.key()
                      + ": replay via "
                      + replay.target()
                      + " answered "
                      + replay.status()
                      + " "
                      + abbreviate(replay.body())
                      + ", first answer "
                      + first.status()
                      + " "
                      + abbreviate(first.body())));
        }
      }
    }
  }

  /** Answers the idempotency filter keeps and replays: final, not its own refusals. */
  private static boolean stored(Exchange e) {
    return e.status() < 500
        && e.status() != 202
        && !e.retryAfter()
        && !"idempotency-key-in-use".equals(e.problem())
        && !"idempotency-key-reused".equals(e.problem());
  }

  private void fulfilledOnce(Index index, EventLog events, List<Violation> out) {
    Map<String, List<String>> paidEvents = events.idsByOrder("OrderPaid");
    for (OrderRow order : index.orders) {
      List<Trade> trades = index.tradesOf(order);
      boolean kept = trades.stream().anyMatch(t -> t.paid() && t.totalMinor() > t.reversedMinor());
      List<String> ids = paidEvents.getOrDefault(order.orderNo(), List.of());
      if (kept && ids.isEmpty()) {
        out.add(
            new Violation(
                Invariant.I5,
                order.orderNo(),
                "paid at the channel ("
                    + describe(trades)
                    + "), order "
                    + order.status()
                    + ", no OrderPaid received"));
      } else if (kept && ids.size() > 1) {
        out.add(
            new Violation(
                Invariant.I5,
                order.orderNo(),
                "fulfilled "
                    + ids.size()
                    + " times: OrderPaid event ids "
                    + ids
                    + ", order "
                    + order.status()));
      } else if (!kept && !ids.isEmpty()) {
        out.add(
            new Violation(
                Invariant.I5,
                order.orderNo(),
                "fulfilled ("
                    + ids.size()
                    + " OrderPaid) but the channel kept none of the buyer's money: "
                    + (trades.isEmpty() ? "no trade" : describe(trades))
                    + ", order "
                    + order.status()));
      }
    }
  }

  private void nothingStuck(Books books, List<Violation> out) {
    Instant now = books.readAt();
    Map<Long, String> orderNos = orderNos(books);
    Duration paymentGrace =
        timings
            .expiryMargin()
            .plus(timings.janitorOlderThan())
            .plus(timings.janitorMaxBackoff())
            .plus(timings.janitorInterval())
            .plus(timings.maxSkew())
            .plus(SLACK);
    for (PaymentRow payment : books.payments()) {
      Instant expiry =
          payment.expireTime() != null
              ? payment.expireTime()
              : payment.createdAt().plus(timings.qrTtl());
      if (payment.inFlight() && now.isAfter(expiry.plus(paymentGrace))) {
        out.add(
            new Violation(
                Invariant.I6,
                orderNos.get(payment.orderId()),
                "payment "
                    + payment.outTradeNo()
                    + " still "
                    + payment.status()
                    + " "
                    + Duration.between(expiry, now).toSeconds()
                    + " s after its expiry"));
      }
    }
    Duration refundGrace =
        timings
            .refundRetryAfter()
            .plus(timings.refundJanitorInterval())
            .multipliedBy(3)
            .plus(SLACK);
    for (RefundRow refund : books.refunds()) {
      if (refund.status().equals("PENDING") && now.isAfter(refund.createdAt().plus(refundGrace))) {
        out.add(
            new Violation(
                Invariant.I6,
                orderNos.get(refund.orderId()),
                "refund "
                    + refund.outRequestNo()
                    + " ("
                    + refund.kind()
                    + ") still PENDING after "
                    + Duration.between(refund.createdAt(), now).toSeconds()
                    + " s"));
      }
    }
    Duration relayGrace = timings.relayLease().plus(timings.relayMaxBackoff()).plus(SLACK);
    for (OutboxRow row : books.outbox()) {
      if (row.publishedAt() == null && now.isAfter(row.createdAt().plus(relayGrace))) {
        out.add(
            new Violation(
                Invariant.I6,
                row.orderNo(),
                row.type()
                    + " event "
                    + row.eventId()
                    + " unpublished after "
                    + Duration.between(row.createdAt(), now).toSeconds()
                    + " s"));
      }
    }
  }

  private void acknowledgedFactsKept(
      Books books, Index index, Exchanges exchanges, List<Violation> out) {
    Duration slack = timings.maxSkew().plusSeconds(2);
    Set<String> orderNos = index.orders.stream().map(OrderRow::orderNo).collect(Collectors.toSet());
    Set<String> paymentNos = index.payments.keySet();
    Set<String> refundNos =
        books.refunds().stream().map(RefundRow::outRequestNo).collect(Collectors.toSet());
    for (Exchange e : exchanges.all()) {
      if (!e.ok()) {
        continue;
      }
      Instant acknowledged = epoch.plusMillis(e.atMs() + e.tookMs()).plus(slack);
      Reply answer = new Reply(e.status(), e.body(), Map.of(), null);
      String lost =
          switch (e.op()) {
            case "order" ->
                orderNos.contains(e.orderNo()) ? null : "order " + e.orderNo() + MISSING;
            case "precreate", "refresh", "handoff" -> {
              String number = e.body() == null ? null : answer.text("outTradeNo");
              yield number == null || paymentNos.contains(number)
                  ? null
                  : "payment " + number + MISSING;
            }
            case "refund" -> {
              String number = e.body() == null ? null : answer.text("outRequestNo");
              yield number == null || refundNos.contains(number)
                  ? null
                  : "refund " + number + MISSING;
            }
            case "barcode" -> {
              if (e.body() == null || !"SUCCESS".equals(answer.text("status"))) {
                yield null;
              }
              yield late(
                  books.successRecorded().get(answer.text("outTradeNo")),
                  acknowledged,
                  "payment " + answer.text("outTradeNo") + " SUCCESS");
            }
            case "close" -> {
              if (e.body() == null || !"CLOSED".equals(answer.text("orderStatus"))) {
                yield null;
              }
              yield late(
                  books.closeRecorded().get(e.orderNo()),
                  acknowledged,
                  "order " + e.orderNo() + " CLOSED");
            }
            default -> null;
          };
      if (lost != null) {
        out.add(
            new Violation(
                Invariant.I8,
                e.orderNo(),
                e.op()
                    + " via "
                    + e.target()
                    + " answered "
                    + e.status()
                    + " at "
                    + (e.atMs() + e.tookMs())
                    + " ms, but "
                    + lost));
      }
    }
    Set<String> reversed = new java.util.HashSet<>();
    for (Trade trade : books.trades()) {
      if (trade.refunds().stream().anyMatch(r -> r.outRequestNo().startsWith("CANCEL-"))) {
        reversed.add(trade.outTradeNo());
      }
    }
    Map<String, Books.AcknowledgedNotify> firstAcknowledged = new HashMap<>();
    for (Books.AcknowledgedNotify notify : books.acknowledged()) {
      firstAcknowledged.merge(
          notify.outTradeNo(), notify, (a, b) -> a.at().isBefore(b.at()) ? a : b);
    }
    for (Books.AcknowledgedNotify notify : firstAcknowledged.values()) {
      if (reversed.contains(notify.outTradeNo())) {
        continue;
      }
      String lost =
          late(
              books.successRecorded().get(notify.outTradeNo()),
              notify.at().plus(slack),
              "payment " + notify.outTradeNo() + " SUCCESS");
      if (lost != null) {
        PaymentRow payment = index.payments.get(notify.outTradeNo());
        out.add(
            new Violation(
                Invariant.I8,
                payment == null ? null : index.orderNo(payment),
                "the "
                    + notify.tradeStatus()
                    + " notify of "
                    + notify.outTradeNo()
                    + " was answered success at "
                    + notify.at()
                    + ", but "
                    + lost));
      }
    }
  }

  /** Null when {@code recorded} is no later than {@code by}, else what went missing. */
  private static String late(Instant recorded, Instant by, String fact) {
    if (recorded == null) {
      return fact + MISSING;
    }
    return recorded.isAfter(by) ? fact + " was recorded only at " + recorded : null;
  }

  private static void answersWellFormed(Exchanges exchanges, List<Violation> out) {
    for (Exchange e : exchanges.all()) {
      if (e.status() == 500) {
        out.add(
            new Violation(
                Invariant.I7,
                e.orderNo(),
                e.op()
                    + " via "
                    + e.target()
                    + " answered 500 "
                    + e.problem()
                    + (e.key() == null ? "" : " (key of " + e.key().length() + " characters)")));
      }
    }
    for (Exchanges.Breach breach : exchanges.breaches()) {
      out.add(new Violation(Invariant.I7, breach.orderNo(), breach.detail()));
    }
    for (Exchanges.Twin twin : exchanges.twins()) {
      Reply a = twin.first();
      Reply b = twin.second();
      if (a.retryable() || b.retryable()) {
        continue;
      }
      boolean alike =
          a.ok() && b.ok()
              ? Objects.equals(a.text("outRequestNo"), b.text("outRequestNo"))
                  && Objects.equals(a.text("amount"), b.text("amount"))
              : a.status() == b.status() && Objects.equals(a.problem(), b.problem());
      if (!alike) {
        out.add(
            new Violation(
                Invariant.I7,
                twin.orderNo(),
                "refund "
                    + twin.outRequestNo()
                    + " sent to two instances at once answered "
                    + a.brief()
                    + " and "
                    + b.brief()));
      }
    }
  }

  /** What is still on its way; empty when the system is quiescent. */
  static String pending(Books books, EventLog events) {
    long payments = books.payments().stream().filter(PaymentRow::inFlight).count();
    long refunds = books.refunds().stream().filter(r -> r.status().equals("PENDING")).count();
    long unpublished = books.outbox().stream().filter(r -> r.publishedAt() == null).count();
    long unreceived =
        books.outbox().stream()
            .filter(r -> r.publishedAt() != null && r.eventId() != null && !events.has(r.eventId()))
            .count();
    List<String> parts = new ArrayList<>();
    if (payments > 0) {
      parts.add(payments + " payments in flight");
    }
    if (refunds > 0) {
      parts.add(refunds + " refunds pending");
    }
    if (unpublished > 0) {
      parts.add(unpublished + " events unpublished");
    }
    if (unreceived > 0) {
      parts.add(unreceived + " events published, not received");
    }
    return String.join(", ", parts);
  }

  private static long sum(List<RefundRow> refunds, String status) {
    return refunds.stream()
        .filter(r -> r.status().equals(status))
        .mapToLong(RefundRow::amountMinor)
        .sum();
  }

  private static Map<Long, String> orderNos(Books books) {
    Map<Long, String> names = new HashMap<>();
    books.orders().forEach(o -> names.put(o.id(), o.orderNo()));
    return names;
  }

  static String describe(List<Trade> trades) {
    return trades.stream()
        .map(
            t ->
                t.outTradeNo()
                    + " "
                    + t.status()
                    + " "
                    + t.totalMinor()
                    + (t.refundedMinor() > 0
                        ? " refunded " + t.refundedMinor() + " " + channelRefunds(t)
                        : ""))
        .collect(Collectors.joining("; ", "[", "]"));
  }

  private static String channelRefunds(Trade trade) {
    return trade.refunds().stream()
        .map(r -> r.outRequestNo() + "=" + r.amountMinor())
        .collect(Collectors.joining(",", "(", ")"));
  }

  private static String describeRefunds(List<RefundRow> refunds) {
    return refunds.stream()
        .map(r -> r.outRequestNo() + "=" + r.amountMinor() + " " + r.kind() + " " + r.status())
        .collect(Collectors.joining(", ", "(", ")"));
  }

  private static String statuses(List<PaymentRow> payments) {
    return payments.stream().map(p -> p.outTradeNo() + " " + p.status()).toList().toString();
  }

  private static String abbreviate(String body) {
    if (body == null) {
      return "";
    }
    return body.length() <= 160 ? body : body.substring(0, 160) + "...";
  }

  /** The books cross-referenced. */
  private static final class Index {
    final List<OrderRow> orders;
    final Map<Long, OrderRow> ordersById = new HashMap<>();
    final Map<String, PaymentRow> payments = new LinkedHashMap<>();
    final Map<Long, List<PaymentRow>> paymentsByOrder = new HashMap<>();
    final Map<Long, List<RefundRow>> refundsByPayment = new HashMap<>();
    final Map<String, Trade> trades = new LinkedHashMap<>();

    Index(Books books) {
      this.orders = books.orders();
      books.orders().forEach(o -> ordersById.put(o.id(), o));
      for (PaymentRow p : books.payments()) {
        payments.put(p.outTradeNo(), p);
        paymentsByOrder.computeIfAbsent(p.orderId(), id -> new ArrayList<>()).add(p);
      }
      books
          .refunds()
          .forEach(
              r -> refundsByPayment.computeIfAbsent(r.payId(), id -> new ArrayList<>()).add(r));
      books.trades().forEach(t -> trades.put(t.outTradeNo(), t));
    }

    List<PaymentRow> paymentsOf(OrderRow order) {
      return paymentsByOrder.getOrDefault(order.id(), List.of());
    }

    List<Trade> tradesOf(OrderRow order) {
      return paymentsOf(order).stream()
          .map(p -> trades.get(p.outTradeNo()))
          .filter(Objects::nonNull)
          .toList();
    }

    List<RefundRow> refundsOf(PaymentRow payment) {
      return refundsByPayment.getOrDefault(payment.payId(), List.of());
    }

    String orderNo(PaymentRow payment) {
      OrderRow order = ordersById.get(payment.orderId());
      return order == null ? null : order.orderNo();
    }
  }
}
