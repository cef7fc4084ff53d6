package io.payonce.sandbox.alipay.ledger;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.ledger.Ledger;
import io.payonce.sandbox.ledger.OrderRef;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Every Alipay pre-order and trade, and the only code that changes them (see {@link Ledger} for the
 * lock and the storage).
 */
@Component
public class AlipayLedger extends Ledger<AlipayOrder> {

  /** Whatever the merchant asks, Alipay's QR codes die after two hours. */
  static final Duration QR_LIFE = Duration.ofHours(2);

  /** The out_request_no under which a cancel's refund is kept (and shown in the bill). */
  public static final String CANCEL_REFUND_PREFIX = "CANCEL-";

  private final ObjectProvider<TradeChangeListener> listeners;

  AlipayLedger(SandboxClock clock, ObjectProvider<TradeChangeListener> listeners) {
    super("alipay", clock);
    this.listeners = listeners;
  }

  /** Choices Alipay leaves unconfirmed, decided per call by the chaos knobs. */
  public record PrecreatePolicy(
      boolean rejectDifferentDealBeforeScan,
      boolean rejectSameDealAfterScan,
      boolean timeoutFromScan,
      boolean createTrade) {}

  /**
   * A pre-order: a QR code (precreate), or a cashier page ({@code checkout}, whose trade is created
   * when the buyer logs in or pays there).
   */
  public record Precreate(
      String appId,
      String sellerId,
      String outTradeNo,
      OrderTerms terms,
      Instant timeExpire,
      Duration timeoutExpress,
      Duration qrTimeout,
      AlipayOrder.Checkout checkout) {

    public Precreate(
        String appId,
        String sellerId,
        String outTradeNo,
        OrderTerms terms,
        Instant timeExpire,
        Duration timeoutExpress,
        Duration qrTimeout) {
      this(appId, sellerId, outTradeNo, terms, timeExpire, timeoutExpress, qrTimeout, null);
    }
  }

  /** A barcode payment; {@code payNow} false leaves it waiting for the buyer (10003). */
  public record BarcodePay(
      String appId,
      String sellerId,
      String outTradeNo,
      OrderTerms terms,
      String buyerId,
      boolean payNow,
      Instant autoPayAt,
      Instant timeExpire,
      Duration timeoutExpress) {}

  /** A cancel's effect: action is close, refund, or null when there was no trade to act on. */
  public record Cancelled(AlipayOrder order, String action, Refund refund) {}

  /** A refund's effect; {@code fundChange} is false when it repeats an earlier refund. */
  public record Refunded(AlipayOrder order, Refund refund, boolean fundChange) {}

  public synchronized AlipayOrder precreate(Precreate command, PrecreatePolicy policy) {
    Instant now = clock.now();
    String key = key(command.appId(), command.outTradeNo());
    AlipayOrder existing = refreshed(key, now);
    if (existing != null && existing.trade() != null) {
      return repeated(existing, command.terms(), policy.rejectSameDealAfterScan());
    }
    if (existing != null && existing.scannable(now)) {
      if (existing.terms().sameDeal(command.terms())) {
        return existing;
      }
      if (policy.rejectDifferentDealBeforeScan()) {
        throw new TradeRefused(Refusal.CONTEXT_INCONSISTENT);
      }
    }
    replacing(existing);
    Duration qrLife =
        command.qrTimeout() != null && command.qrTimeout().compareTo(QR_LIFE) < 0
            ? command.qrTimeout()
            : QR_LIFE;
    AlipayOrder order =
        new AlipayOrder(
            command.appId(),
            command.sellerId(),
            command.outTradeNo(),
            command.terms(),
            AlipayIds.qrCode(),
            now,
            now.plus(qrLife),
            command.timeExpire(),
            command.timeoutExpress(),
            policy.timeoutFromScan(),
            false,
            null,
            command.checkout());
    put(order);
    return policy.createTrade() ? createTrade(order, AlipayIds.DEFAULT_BUYER, now, null) : order;
  }

  /** The pre-order whose code (a QR code, or a cashier page's) this is, refreshed. */
  public synchronized Optional<AlipayOrder> byCode(String code) {
    String key = keyOfCode(code);
    return Optional.ofNullable(key == null ? null : refreshed(key, clock.now()));
  }

  /** The buyer scans: the trade is created (WAIT_BUYER_PAY) unless it already exists. */
  public synchronized AlipayOrder scan(String qrCode, String buyerId) {
    Instant now = clock.now();
    String key = keyOfCode(qrCode);
    if (key == null) {
      throw new TradeRefused(Refusal.QR_CODE_UNKNOWN);
    }
    AlipayOrder order = refreshed(key, now);
    if (order.trade() == null) {
      if (!order.scannable(now)) {
        throw new TradeRefused(Refusal.QR_CODE_EXPIRED);
      }
      return createTrade(order, buyerId, now, null);
    }
    requireOpen(order.trade());
    if (!order.trade().buyerId().equals(buyerId)) {
      throw new TradeRefused(Refusal.TRADE_BUYER_NOT_MATCH);
    }
    return order;
  }

  /** The buyer scans if needed, then pays. */
  public synchronized AlipayOrder walletPay(String qrCode, String buyerId) {
    return pay(scan(qrCode, buyerId), "wallet.pay", clock.now());
  }

  /** The buyer confirms a waiting trade (a barcode payment that answered 10003). */
  public synchronized AlipayOrder confirm(String outTradeNo) {
    Instant now = clock.now();
    List<String> keys =
        stored().stream()
            .filter(o -> o.outTradeNo().equals(outTradeNo) && o.trade() != null)
            .map(Ledger::key)
            .toList();
    if (keys.isEmpty()) {
      throw new TradeRefused(Refusal.TRADE_NOT_EXIST);
    }
    AlipayOrder order = refreshed(keys.get(0), now);
    requireOpen(order.trade());
    return pay(order, "wallet.confirm", now);
  }

  public synchronized AlipayOrder barcodePay(BarcodePay command) {
    Instant now = clock.now();
    String key = key(command.appId(), command.outTradeNo());
    AlipayOrder existing = refreshed(key, now);
    if (existing != null && existing.trade() != null) {
      return repeated(existing, command.terms(), false);
    }
    replacing(existing);
    AlipayOrder order =
        new AlipayOrder(
            command.appId(),
            command.sellerId(),
            command.outTradeNo(),
            command.terms(),
            null,
            now,
            now,
            command.timeExpire(),
            command.timeoutExpress(),
            false,
            false,
            null,
            null);
    AlipayOrder created = createTrade(order, command.buyerId(), now, command.autoPayAt());
    return command.payNow() ? pay(created, "alipay.trade.pay", now) : created;
  }

  public synchronized AlipayOrder close(String appId, OrderRef ref, boolean closedIsSuccess) {
    Instant now = clock.now();
    AlipayOrder order = withTrade(appId, ref, now);
    TradeStatus status = order.trade().status();
    if (status == TradeStatus.TRADE_CLOSED && closedIsSuccess) {
      return order;
    }
    if (status != TradeStatus.WAIT_BUYER_PAY) {
      throw new TradeRefused(Refusal.TRADE_STATUS_ERROR);
    }
    return changed(order.withTrade(order.trade().closed(now)), "alipay.trade.close", null);
  }

  /**
   * @param refuseLateRepeat whether a cancel repeated past the window is refused as out of time
   *     rather than answered as the first was
   */
  public synchronized Cancelled cancel(
      String appId, OrderRef ref, Duration window, boolean refuseLateRepeat) {
    Instant now = clock.now();
    String key = keyOf(appId, ref);
    AlipayOrder order = key == null ? null : refreshed(key, now);
    if (order == null || order.trade() == null) {
      // Nothing to reverse; a pre-order is voided so its QR can no longer create a trade.
      if (order != null && !order.voided()) {
        put(order.asVoided());
      }
      return new Cancelled(order, null, null);
    }
    Trade trade = order.trade();
    return switch (trade.status()) {
      case WAIT_BUYER_PAY ->
          new Cancelled(
              changed(order.withTrade(trade.closed(now)), "alipay.trade.cancel", null),
              "close",
              null);
      case TRADE_SUCCESS -> refundInFull(order, now, window);
      case TRADE_CLOSED -> {
        if (refuseLateRepeat
            && trade.paidAt() != null
            && now.isAfter(trade.paidAt().plus(window))) {
          throw new TradeRefused(Refusal.TRADE_CANCEL_TIME_OUT);
        }
        yield cancelledBefore(order);
      }
      case TRADE_FINISHED -> throw new TradeRefused(Refusal.TRADE_HAS_FINISHED);
    };
  }

  public synchronized Refunded refund(
      String appId, OrderRef ref, String outRequestNo, BigDecimal amount, String reason) {
    Instant now = clock.now();
    AlipayOrder order = withTrade(appId, ref, now);
    Trade trade = order.trade();
    Optional<Refund> previous = trade.refund(outRequestNo);
    if (previous.isPresent()) {
      if (previous.get().amount().compareTo(amount) != 0) {
        throw new TradeRefused(Refusal.DISCORDANT_REPEAT_REQUEST);
      }
      return new Refunded(order, previous.get(), false);
    }
    switch (trade.status()) {
      case WAIT_BUYER_PAY -> throw new TradeRefused(Refusal.TRADE_STATUS_ERROR);
      case TRADE_CLOSED -> throw new TradeRefused(Refusal.TRADE_HAS_CLOSE);
      case TRADE_FINISHED -> throw new TradeRefused(Refusal.TRADE_HAS_FINISHED);
      case TRADE_SUCCESS -> {}
    }
    BigDecimal total = order.terms().totalAmount();
    if (trade.refunded().add(amount).compareTo(total) > 0) {
      throw new TradeRefused(Refusal.REFUND_AMT_NOT_EQUAL_TOTAL);
    }
    Refund refund = new Refund(outRequestNo, amount, now, reason);
    AlipayOrder refunded =
        changed(order.withTrade(trade.refunded(refund, total)), "alipay.trade.refund", refund);
    return new Refunded(refunded, refund, true);
  }

  /**
   * A cancel repeated (its first answer lost) is answered as the first was: the trade it refunded
   * says refund, the one it closed unpaid says close, without moving any money again. A trade
   * closed by the merchant's own refunds has nothing left to reverse.
   */
  private static Cancelled cancelledBefore(AlipayOrder order) {
    Trade trade = order.trade();
    Optional<Refund> byCancel = trade.refund(CANCEL_REFUND_PREFIX + trade.tradeNo());
    if (byCancel.isPresent()) {
      return new Cancelled(order, "refund", byCancel.get());
    }
    return new Cancelled(order, trade.paidAt() == null ? "close" : null, null);
  }

  private Cancelled refundInFull(AlipayOrder order, Instant now, Duration window) {
    Trade trade = order.trade();
    if (now.isAfter(trade.paidAt().plus(window))) {
      throw new TradeRefused(Refusal.TRADE_CANCEL_TIME_OUT);
    }
    BigDecimal rest = order.terms().totalAmount().subtract(trade.refunded());
    Refund refund = new Refund(CANCEL_REFUND_PREFIX + trade.tradeNo(), rest, now, "cancel");
    AlipayOrder cancelled =
        changed(
            order.withTrade(trade.refunded(refund, order.terms().totalAmount())),
            "alipay.trade.cancel",
            refund);
    return new Cancelled(cancelled, "refund", refund);
  }

  private AlipayOrder withTrade(String appId, OrderRef ref, Instant now) {
    String key = keyOf(appId, ref);
    AlipayOrder order = key == null ? null : refreshed(key, now);
    if (order == null || order.trade() == null) {
      throw new TradeRefused(Refusal.TRADE_NOT_EXIST);
    }
    return order;
  }

  /** A repeated create for an order whose trade exists: the same open deal is the same order. */
  private static AlipayOrder repeated(
      AlipayOrder existing, OrderTerms terms, boolean rejectEvenTheSameDeal) {
    requireOpen(existing.trade());
    if (!existing.terms().sameDeal(terms) || rejectEvenTheSameDeal) {
      throw new TradeRefused(Refusal.CONTEXT_INCONSISTENT);
    }
    return existing;
  }

  /** A pre-order nobody scanned gives way to a new one, unless a cancel voided its number. */
  private void replacing(AlipayOrder existing) {
    if (existing == null) {
      return;
    }
    if (existing.voided()) {
      throw new TradeRefused(Refusal.TRADE_HAS_CLOSE);
    }
    forgetCode(existing.qrCode());
  }

  private static void requireOpen(Trade trade) {
    if (trade.status().paid()) {
      throw new TradeRefused(Refusal.TRADE_HAS_SUCCESS);
    }
    if (trade.status() == TradeStatus.TRADE_CLOSED) {
      throw new TradeRefused(Refusal.TRADE_HAS_CLOSE);
    }
  }

  private AlipayOrder createTrade(
      AlipayOrder order, String buyerId, Instant now, Instant autoPayAt) {
    AlipayOrder created =
        order.withTrade(Trade.created(AlipayIds.tradeNo(now), buyerId, now, autoPayAt));
    put(created);
    return created;
  }

  private AlipayOrder pay(AlipayOrder order, String trigger, Instant now) {
    return changed(order.withTrade(order.trade().paid(now)), trigger, null);
  }

  /** The order as time has left it: a due confirmation pays it, a passed deadline closes it. */
  @Override
  protected AlipayOrder refreshed(String key, Instant now) {
    AlipayOrder order = stored(key);
    if (order == null || order.trade() == null) {
      return order;
    }
    Trade trade = order.trade();
    if (trade.status() != TradeStatus.WAIT_BUYER_PAY) {
      return order;
    }
    Instant deadline = order.payDeadline();
    Instant autoPayAt = trade.autoPayAt();
    boolean confirmDue = autoPayAt != null && !now.isBefore(autoPayAt);
    boolean expired = deadline != null && !now.isBefore(deadline);
    if (confirmDue && (!expired || autoPayAt.isBefore(deadline))) {
      return pay(order, "buyer.confirm", autoPayAt);
    }
    if (expired) {
      return changed(order.withTrade(trade.closed(deadline)), "expiry", null);
    }
    return order;
  }

  private AlipayOrder changed(AlipayOrder order, String trigger, Refund refund) {
    put(order);
    TradeChange change = new TradeChange(order, trigger, refund);
    listeners.orderedStream().forEach(listener -> listener.tradeChanged(change));
    return order;
  }
}
