package io.payonce.server.payment;

import io.payonce.server.payment.AtMostOnceBooks.PaymentRow;
import io.payonce.server.payment.AtMostOnceBooks.RefundRow;
import io.payonce.server.payment.AtMostOnceBooks.Trade;
import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import java.util.Set;

/**
 * The promise as invariants over the server's books and the channel's ledger ({@link
 * AtMostOnceBooks}). Some hold at every moment, whatever is still on its way, and are checked after
 * every step; the others once the system has settled ({@link AtMostOnceSettling}).
 *
 * <ul>
 *   <li>I1: the money the channel holds for an order (paid minus refunded over its trades) is never
 *       more than the order's amount; settled, at most one of its trades is paid and not refunded
 *       in full.
 *   <li>I2: a payment we call SUCCESS was paid at the channel, and an order that is paid, refunding
 *       or refunded has a SUCCESS payment; settled, every trade the channel was paid for is a
 *       SUCCESS payment here.
 *   <li>I3: a payment's refunds never exceed what was paid, here (reserved, pending and done) and
 *       at the channel; a refund we call SUCCESS was made at the channel, under its number and for
 *       its amount.
 *   <li>I5: an order has at most one OrderPaid event; exactly one once it is paid, refunding or
 *       refunded; none while it is unpaid (created, paying, closed).
 *   <li>I6 (settled): the order's status agrees with the money the channel holds — PAID the amount,
 *       PARTIALLY_REFUNDED the amount less the refunds, REFUNDED and every unpaid status nothing —
 *       and no refund is left pending.
 *   <li>I9: once a merchant's close answered 200, the order stays CLOSED and no payment of it can
 *       pay it: none is in flight but barcode payments being reversed (CANCELLING: only the
 *       channel's cancel settles them, unpaid or refunded in full), and none of its codes can be
 *       paid but the watched ones, whose money is refunded; settled, none is in flight at all.
 * </ul>
 *
 * The checks on single answers — I0 no 500, I4 keys replay their first answer, I7 one refund number
 * sent at once is one refund, I10 a precreate answers a code, the same one to every click (but
 * refreshes), I11 every code a 200 handed out stays payable until a later request replaces it, so a
 * storm of refreshes ends with exactly one live code, one it handed out — are made by the actions
 * that get them.
 */
final class AtMostOnceInvariants {

  private static final Set<String> PAID =
      Set.of("PAID", "REFUNDING", "PARTIALLY_REFUNDED", "REFUNDED");
  private static final Set<String> UNPAID = Set.of("CREATED", "PAYING", "CLOSED");

  private AtMostOnceInvariants() {}

  /** The invariants that hold at every moment. */
  static void holdAfterEveryStep(AtMostOnceWorld world) {
    for (ModelOrder order : world.orders) {
      AtMostOnceBooks books = AtMostOnceBooks.read(world, order);
      Check check = new Check(world, order, books);
      // A switch between products is at most once net, not at every moment: an order string (or
      // a code) opened before the switch stays payable at Alipay until it expires, since the
      // channel has no trade to close until the buyer opens it; a buyer who pays it as well is
      // given the money back, which I6 checks once the order settles. So for such an order only
      // the money beyond its largest trade is excused here, never any one trade above the amount.
      long excused = order.switchedProducts() ? books.heldBeyondOneTrade() : 0;
      check.that(
          books.net() - excused <= order.amountMinor,
          "I1",
          "the channel holds "
              + AtMostOnceWorld.yuan(books.net())
              + " for it"
              + (excused > 0
                  ? " (" + AtMostOnceWorld.yuan(excused) + " of it after a switch)"
                  : ""));
      check.that(
          !PAID.contains(books.status()) || books.successes() >= 1,
          "I2",
          "it is " + books.status() + " without a SUCCESS payment");
      for (PaymentRow payment : books.payments()) {
        check.that(
            !payment.status().equals("SUCCESS") || books.trade(payment.outTradeNo()).paid(),
            "I2",
            payment.outTradeNo() + " is SUCCESS but the channel was not paid");
        refundsWithinPaid(check, books, payment);
      }
      check.that(books.orderPaidEvents() <= 1, "I5", books.orderPaidEvents() + " OrderPaid events");
      check.that(
          !PAID.contains(books.status()) || books.orderPaidEvents() == 1,
          "I5",
          "it is " + books.status() + " with " + books.orderPaidEvents() + " OrderPaid events");
      check.that(
          !UNPAID.contains(books.status()) || books.orderPaidEvents() == 0,
          "I5",
          "it is " + books.status() + ", unpaid, with an OrderPaid event");
      check.that(
          !order.closedByMerchant
              || (books.status().equals("CLOSED") && books.inFlight() == books.reversing()),
          "I9",
          "a close answered 200, yet it is "
              + books.status()
              + " with "
              + (books.inFlight() - books.reversing())
              + " payment(s) in flight that are not being reversed");
    }
  }

  private static void refundsWithinPaid(Check check, AtMostOnceBooks books, PaymentRow payment) {
    String outTradeNo = payment.outTradeNo();
    Trade trade = books.trade(outTradeNo);
    check.that(
        payment.refundReservedMinor() <= payment.amountMinor(),
        "I3",
        outTradeNo + " reserves " + AtMostOnceWorld.yuan(payment.refundReservedMinor()));
    long promised = books.refunded(outTradeNo, Set.of("SUCCESS", "PENDING"));
    check.that(
        promised <= payment.amountMinor(),
        "I3",
        outTradeNo + " has refunds of " + AtMostOnceWorld.yuan(promised));
    check.that(
        trade.refundedMinor() <= trade.totalMinor(),
        "I3",
        "the channel refunded more than was paid: " + trade);
    for (RefundRow refund : books.refunds()) {
      if (refund.outTradeNo().equals(outTradeNo) && refund.status().equals("SUCCESS")) {
        check.that(
            refund.kind().equals("REVERSAL")
                ? trade.hasReversal(refund.amountMinor())
                : trade.hasRefund(refund.outRequestNo(), refund.amountMinor()),
            "I3",
            "refund "
                + refund.outRequestNo()
                + " of "
                + AtMostOnceWorld.yuan(refund.amountMinor())
                + " is SUCCESS here but was not made at the channel");
      }
    }
  }

  /** The invariants that hold once the system has settled: nothing in flight, nothing pending. */
  static void holdWhenSettled(AtMostOnceWorld world) {
    holdAfterEveryStep(world);
    for (ModelOrder order : world.orders) {
      AtMostOnceBooks books = AtMostOnceBooks.read(world, order);
      Check check = new Check(world, order, books);
      long unrefunded =
          books.ledger().stream()
              .filter(t -> t.paid() && t.refundedMinor() < t.totalMinor())
              .count();
      check.that(unrefunded <= 1, "I1", unrefunded + " paid trades not refunded in full");
      for (Trade trade : books.ledger()) {
        PaymentRow payment = books.payment(trade.outTradeNo());
        check.that(
            !trade.paid() || (payment != null && payment.status().equals("SUCCESS")),
            "I2",
            "the channel was paid for "
                + trade.outTradeNo()
                + " but the payment is "
                + (payment == null ? "unknown" : payment.status()));
      }
      check.that(
          books.refunds().stream().noneMatch(r -> r.status().equals("PENDING")),
          "I6",
          "a refund is still PENDING");
      check.that(!books.status().equals("REFUNDING"), "I6", "it is still REFUNDING");
      check.that(
          !order.closedByMerchant || books.inFlight() == 0,
          "I9",
          "a close answered 200 and all has settled, yet "
              + books.inFlight()
              + " payment(s) are in flight");
      long expected =
          switch (books.status()) {
            case "PAID" -> order.amountMinor;
            case "PARTIALLY_REFUNDED" -> order.amountMinor - books.merchantRefunded();
            default -> 0;
          };
      check.that(
          books.net() == expected,
          "I6",
          "it is "
              + books.status()
              + " but the channel holds "
              + AtMostOnceWorld.yuan(books.net())
              + " (expected "
              + AtMostOnceWorld.yuan(expected)
              + ")");
    }
  }

  /** Fails naming the invariant, the order, what broke, the books, the ledger and the trace. */
  private record Check(AtMostOnceWorld world, ModelOrder order, AtMostOnceBooks books) {

    void that(boolean holds, String invariant, String what) {
      if (!holds) {
        throw new AssertionError(
            invariant
                + " broken for order "
                + order
                + ": "
                + what
                + "\n  "
                + books
                + "\n  trace:\n    "
                + String.join("\n    ", world.trace));
      }
    }
  }
}
