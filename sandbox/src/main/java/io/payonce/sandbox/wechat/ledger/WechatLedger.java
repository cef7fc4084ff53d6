package io.payonce.sandbox.wechat.ledger;

import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.ledger.Ledger;
import io.payonce.sandbox.ledger.OrderRef;
import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.ledger.OrderChange.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Every WeChat Pay order and refund, and the only code that changes them (see {@link Ledger} for
 * the lock and the storage): this is the oracle of how often a buyer was charged.
 */
@Component
public class WechatLedger extends Ledger<WechatOrder> {

  /** A Native code_url is valid for two hours. */
  static final Duration CODE_URL_LIFE = Duration.ofHours(2);

  /** How long an H5 order's h5_url (its prepay_id here) opens WeChat's checkout page. */
  public static final Duration H5_URL_LIFE = Duration.ofMinutes(5);

  /** time_expire earlier than now + 1 minute is raised to it. */
  static final Duration MIN_TIME_TO_PAY = Duration.ofMinutes(1);

  /** WeChat allows at most 50 refunds of one order. */
  static final int MAX_REFUNDS = 50;

  private final ObjectProvider<OrderChangeListener> listeners;
  private final Duration micropayRevokeAfter;

  WechatLedger(
      SandboxClock clock,
      ObjectProvider<OrderChangeListener> listeners,
      io.payonce.sandbox.SandboxProperties properties) {
    super("wechat", clock);
    this.listeners = listeners;
    this.micropayRevokeAfter = properties.getWechat().getMicropayRevokeAfter();
  }

  public record Prepay(String mchid, String appid, String outTradeNo, OrderTerms terms) {}

  /** How the payment-code buyer behaves once the code is accepted. */
  public enum Buyer {
    /** Pays at once. */
    PAYS,
    /** Must enter the password: USERPAYING until {@code autoPayAt} or a wallet confirmation. */
    ENTERS_PASSWORD,
    /** The bank refuses: PAYERROR. */
    BANK_FAILS
  }

  public record Micropay(
      String mchid,
      String appid,
      String outTradeNo,
      OrderTerms terms,
      String authCode,
      String openid,
      String signType,
      String v2NotifyUrl,
      Buyer buyer,
      Instant autoPayAt) {}

  /** A payment-code call's effect; {@code created} is false when it repeats an earlier call. */
  public record Micropaid(WechatOrder order, boolean created) {}

  /** A refund's effect; {@code created} is false when it repeats an earlier refund. */
  public record Refunded(WechatOrder order, WechatRefund refund, boolean created) {}

  /** A reversal's effect; {@code first} is false when it repeats an earlier reversal. */
  public record Reversed(WechatOrder order, Reversal reversal, boolean first) {}

  /**
   * Choices WeChat leaves unconfirmed, decided per call by the chaos knobs: whether an order whose
   * buyer is entering the password is reversed, whether a paid order once reversed stays REFUND,
   * how long after it was placed an order may be reversed, and whether a reverse repeated past that
   * window is refused rather than answered as the first was.
   */
  public record ReversePolicy(
      boolean reverseWhileUserPaying,
      boolean paidStaysRefund,
      Duration window,
      boolean refuseLateRepeat) {}

  public record RefundRequest(
      String mchid,
      OrderRef ref,
      String outRefundNo,
      long amount,
      long total,
      String reason,
      String notifyUrl,
      RefundStatus outcome,
      Duration settleAfter) {}

  public synchronized WechatOrder prepay(Prepay command, Refusal differentDeal) {
    Instant now = clock.now();
    String key = key(command.mchid(), command.outTradeNo());
    WechatOrder existing = refreshed(key, now);
    OrderTerms terms = raisedTimeExpire(command.terms(), now);
    if (existing != null) {
      requireRepeatable(existing, TradeType.NATIVE, command.terms(), differentDeal);
      if (!now.isBefore(existing.codeUrlDeadline())) {
        forgetCode(existing.codeUrl());
        WechatOrder renewed = existing.withCodeUrl(WechatIds.codeUrl(), now.plus(CODE_URL_LIFE));
        put(renewed);
        return renewed;
      }
      return existing;
    }
    WechatOrder order =
        new WechatOrder(
            command.mchid(),
            command.appid(),
            command.outTradeNo(),
            TradeType.NATIVE,
            terms,
            WechatIds.codeUrl(),
            now.plus(CODE_URL_LIFE),
            now,
            TradeState.NOTPAY,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            List.of(),
            null);
    put(order);
    return order;
  }

  /**
   * A JSAPI order for one payer (openid), or the same order again when the prepay is repeated with
   * the same parameters — payer and appid included — answering the same prepay_id (a new one once
   * its 2 h life is over); other parameters are {@code differentDeal}.
   */
  public synchronized WechatOrder jsapiPrepay(
      Prepay command, String openid, Refusal differentDeal) {
    return prepayFor(TradeType.JSAPI, command, openid, differentDeal);
  }

  /**
   * An APP order (no payer until someone pays it in the WeChat app), or the same order again when
   * the prepay is repeated with the same parameters — appid included — answering the same prepay_id
   * (a new one once its 2 h life is over); other parameters are {@code differentDeal}.
   */
  public synchronized WechatOrder appPrepay(Prepay command, Refusal differentDeal) {
    return prepayFor(TradeType.APP, command, null, differentDeal);
  }

  /**
   * An H5 (MWEB) order, or the same order again when the prepay is repeated with the same
   * parameters: each identical re-entry answers a new prepay_id (behind a new h5_url, 5 min), the
   * previous one no longer opening the page; other parameters are {@code differentDeal}.
   */
  public synchronized WechatOrder h5Prepay(Prepay command, Refusal differentDeal) {
    return prepayFor(TradeType.MWEB, command, null, differentDeal, H5_URL_LIFE, true);
  }

  /**
   * The buyer pays an H5 order on WeChat's checkout page: only while its h5_url is alive (5 min),
   * the order open and (unless {@code payableAfterTimeExpire}) before time_expire.
   */
  public synchronized WechatOrder h5Pay(
      String prepayId, String openid, Predicate<String> payableAfterTimeExpire) {
    Instant now = clock.now();
    WechatOrder order = byPrepayId(prepayId, TradeType.MWEB);
    requireOpen(order);
    requirePayableNow(order, now, payableAfterTimeExpire.test(order.outTradeNo()));
    return pay(order, openid, "wechat.h5.pay", now);
  }

  private WechatOrder prepayFor(
      TradeType type, Prepay command, String openid, Refusal differentDeal) {
    return prepayFor(type, command, openid, differentDeal, CODE_URL_LIFE, false);
  }

  private WechatOrder prepayFor(
      TradeType type,
      Prepay command,
      String openid,
      Refusal differentDeal,
      Duration life,
      boolean renewEachTime) {
    Instant now = clock.now();
    String key = key(command.mchid(), command.outTradeNo());
    WechatOrder existing = refreshed(key, now);
    if (existing != null) {
      requireRepeatable(existing, type, command.terms(), differentDeal);
      if (!existing.appid().equals(command.appid())
          || !java.util.Objects.equals(existing.openid(), openid)) {
        throw new WechatRefused(
            differentDeal,
            differentDeal == Refusal.INVALID_REQUEST
                ? "请确认相同单号是否使用了不同的参数"
                : differentDeal.message());
      }
      if (renewEachTime || !now.isBefore(existing.codeUrlDeadline())) {
        forgetCode(existing.codeUrl());
        WechatOrder renewed = existing.withCodeUrl(WechatIds.prepayId(), now.plus(life));
        put(renewed);
        return renewed;
      }
      return existing;
    }
    WechatOrder order =
        new WechatOrder(
            command.mchid(),
            command.appid(),
            command.outTradeNo(),
            type,
            raisedTimeExpire(command.terms(), now),
            WechatIds.prepayId(),
            now.plus(life),
            now,
            TradeState.NOTPAY,
            null,
            openid,
            null,
            null,
            null,
            null,
            null,
            null,
            List.of(),
            null);
    put(order);
    return order;
  }

  /** The JSAPI order behind a prepay_id, as the JS bridge finds it (unpaid, not expired). */
  public synchronized WechatOrder byPrepayId(String prepayId) {
    return byPrepayId(prepayId, TradeType.JSAPI);
  }

  /**
   * The order of {@code type} behind a prepay_id, as the JS bridge ({@link TradeType#JSAPI}) or the
   * WeChat app ({@link TradeType#APP}) finds it (unpaid, not expired).
   */
  public synchronized WechatOrder byPrepayId(String prepayId, TradeType type) {
    String key = prepayId == null ? null : keyOfCode(prepayId);
    if (key == null) {
      throw new WechatRefused(Refusal.PREPAY_ID_UNKNOWN);
    }
    WechatOrder order = refreshed(key, clock.now());
    if (order.tradeType() != type) {
      throw new WechatRefused(Refusal.PREPAY_ID_UNKNOWN);
    }
    if (!prepayId.equals(order.codeUrl()) || !clock.now().isBefore(order.codeUrlDeadline())) {
      throw new WechatRefused(Refusal.PREPAY_ID_EXPIRED);
    }
    return order;
  }

  /**
   * The payer pays a JSAPI order through the JS bridge: only the openid the order was placed for
   * can, and only while it is open and (unless {@code payableAfterTimeExpire}) before time_expire.
   */
  public synchronized WechatOrder bridgePay(
      String prepayId, String openid, Predicate<String> payableAfterTimeExpire) {
    Instant now = clock.now();
    WechatOrder order = byPrepayId(prepayId);
    if (!order.openid().equals(openid)) {
      throw new WechatRefused(Refusal.PAYER_MISMATCH);
    }
    requireOpen(order);
    requirePayableNow(order, now, payableAfterTimeExpire.test(order.outTradeNo()));
    return pay(order, openid, "wechat.bridge.pay", now);
  }

  /**
   * The buyer pays an APP order in the WeChat app on the phone: whoever is signed in there, only
   * while it is open and (unless {@code payableAfterTimeExpire}) before time_expire.
   */
  public synchronized WechatOrder appPay(
      String prepayId, String openid, Predicate<String> payableAfterTimeExpire) {
    Instant now = clock.now();
    WechatOrder order = byPrepayId(prepayId, TradeType.APP);
    requireOpen(order);
    requirePayableNow(order, now, payableAfterTimeExpire.test(order.outTradeNo()));
    return pay(order, openid, "wechat.app.pay", now);
  }

  /**
   * A payment-code order, or the same order again when the call is repeated with the same data (the
   * caller answers from its state).
   */
  public synchronized Micropaid micropay(Micropay command) {
    Instant now = clock.now();
    String key = key(command.mchid(), command.outTradeNo());
    WechatOrder existing = refreshed(key, now);
    if (existing != null) {
      if (existing.tradeType() != TradeType.MICROPAY) {
        throw new WechatRefused(Refusal.OUT_TRADE_NO_USED);
      }
      if (!existing.terms().sameDeal(command.terms())
          || !existing.authCode().equals(command.authCode())) {
        throw new WechatRefused(Refusal.INVALID_REQUEST, "重入请求数据和已存在的业务单据数据不一致");
      }
      return new Micropaid(existing, false);
    }
    WechatOrder order =
        new WechatOrder(
            command.mchid(),
            command.appid(),
            command.outTradeNo(),
            TradeType.MICROPAY,
            command.terms(),
            null,
            null,
            now,
            TradeState.USERPAYING,
            null,
            command.openid(),
            command.authCode(),
            command.signType(),
            command.v2NotifyUrl(),
            null,
            null,
            command.buyer() == Buyer.ENTERS_PASSWORD ? command.autoPayAt() : null,
            List.of(),
            null);
    put(order);
    WechatOrder placed =
        switch (command.buyer()) {
          case PAYS -> pay(order, command.openid(), "wechat.micropay", now);
          case BANK_FAILS ->
              changed(
                  order.moved(TradeState.PAYERROR, now), Kind.PAY_FAILED, "wechat.micropay", null);
          case ENTERS_PASSWORD -> order;
        };
    return new Micropaid(placed, true);
  }

  /** The Native order behind a code_url, as the buyer's phone shows it after the scan. */
  public synchronized WechatOrder scan(String codeUrl, Predicate<String> payableAfterTimeExpire) {
    Instant now = clock.now();
    WechatOrder order = byCodeUrl(codeUrl, now);
    requireOpen(order);
    requirePayableNow(order, now, payableAfterTimeExpire.test(order.outTradeNo()));
    return order;
  }

  /** The buyer scans a code_url and pays it. */
  public synchronized WechatOrder walletPay(
      String codeUrl, String openid, Predicate<String> payableAfterTimeExpire) {
    Instant now = clock.now();
    WechatOrder order = scan(codeUrl, payableAfterTimeExpire);
    return pay(order, openid, "wechat.wallet.pay", now);
  }

  /**
   * The buyer enters the password of a waiting payment-code order, named by out_trade_no or by the
   * payment code it was paid with (the most recent such order).
   */
  public synchronized WechatOrder confirm(String outTradeNo, String authCode) {
    Instant now = clock.now();
    List<String> keys =
        stored().stream()
            .filter(o -> matchesConfirmation(o, outTradeNo, authCode))
            .map(Ledger::key)
            .toList();
    if (keys.isEmpty()) {
      throw new WechatRefused(Refusal.NOTHING_TO_CONFIRM);
    }
    WechatOrder order = refreshed(keys.get(keys.size() - 1), now);
    requireOpen(order);
    return pay(order, order.openid(), "wechat.wallet.confirm", now);
  }

  /** Whether this ledger holds a waiting payment-code order with this number or code. */
  public synchronized boolean awaitsConfirmation(String outTradeNo, String authCode) {
    return stored().stream()
        .anyMatch(
            o ->
                matchesConfirmation(o, outTradeNo, authCode) && o.state() == TradeState.USERPAYING);
  }

  /** Whether this ledger holds a payment-code order with this number or code, in any state. */
  public synchronized boolean holdsPaymentCodeOrder(String outTradeNo, String authCode) {
    return stored().stream().anyMatch(o -> matchesConfirmation(o, outTradeNo, authCode));
  }

  /**
   * Closes a NOTPAY order. Empty when there was nothing to close and the caller chose to answer
   * that as success (WeChat has been seen answering 204 for unknown and closed orders).
   */
  public synchronized Optional<WechatOrder> close(
      String mchid, String outTradeNo, boolean unknownIsSuccess, boolean closedIsSuccess) {
    Instant now = clock.now();
    String key = keyOf(mchid, OrderRef.byOutTradeNo(outTradeNo));
    WechatOrder order = key == null ? null : refreshed(key, now);
    if (order == null) {
      if (unknownIsSuccess) {
        return Optional.empty();
      }
      throw new WechatRefused(Refusal.ORDER_NOT_EXIST);
    }
    return switch (order.state()) {
      case NOTPAY ->
          Optional.of(
              changed(order.moved(TradeState.CLOSED, now), Kind.CLOSED, "wechat.close", null));
      case USERPAYING -> throw new WechatRefused(Refusal.CLOSE_WHILE_USERPAYING);
      case SUCCESS, REFUND -> throw new WechatRefused(Refusal.ORDER_PAID);
      case CLOSED, PAYERROR, REVOKED -> {
        if (closedIsSuccess) {
          yield Optional.of(order);
        }
        throw new WechatRefused(
            order.state() == TradeState.REVOKED ? Refusal.ORDER_REVERSED : Refusal.ORDER_CLOSED);
      }
    };
  }

  /**
   * Reverses a payment-code order: closes it if unpaid, refunds it in full if paid; an order placed
   * longer than the window ago is refused REVERSE_EXPIRE. A repeated reversal answers as the first
   * did and moves nothing (or, past the window and if the policy says so, is refused).
   */
  public synchronized Reversed reverse(String mchid, OrderRef ref, ReversePolicy policy) {
    Instant now = clock.now();
    String key = keyOf(mchid, ref);
    WechatOrder order = key == null ? null : refreshed(key, now);
    if (order == null) {
      throw new WechatRefused(Refusal.ORDER_NOT_EXIST);
    }
    if (order.tradeType() != TradeType.MICROPAY) {
      throw new WechatRefused(Refusal.NOT_A_PAYMENT_CODE_ORDER);
    }
    boolean late = now.isAfter(order.createdAt().plus(policy.window()));
    if (order.reversal() != null) {
      if (late && policy.refuseLateRepeat()) {
        throw new WechatRefused(Refusal.REVERSE_EXPIRE);
      }
      return new Reversed(order, order.reversal(), false);
    }
    if (late) {
      throw new WechatRefused(Refusal.REVERSE_EXPIRE);
    }
    return switch (order.state()) {
      case USERPAYING -> {
        if (!policy.reverseWhileUserPaying()) {
          throw new WechatRefused(Refusal.REVERSE_WHILE_USERPAYING);
        }
        yield closeByReversal(order, now);
      }
      case NOTPAY, PAYERROR -> closeByReversal(order, now);
      case SUCCESS, REFUND -> refundByReversal(order, now, policy.paidStaysRefund());
      case CLOSED, REVOKED -> new Reversed(order, new Reversal(Reversal.CLOSE, now, 0), false);
    };
  }

  public synchronized Refunded refund(RefundRequest request) {
    Instant now = clock.now();
    String key = keyOf(request.mchid(), request.ref());
    WechatOrder order = key == null ? null : refreshed(key, now);
    if (order == null) {
      throw new WechatRefused(Refusal.RESOURCE_NOT_EXISTS, "订单不存在");
    }
    Optional<WechatRefund> previous = order.refund(request.outRefundNo());
    if (previous.isPresent()) {
      if (!previous.get().sameRequest(request.amount())) {
        throw new WechatRefused(Refusal.INVALID_REQUEST, "同一退款单号的退款金额不一致");
      }
      return new Refunded(order, previous.get(), false);
    }
    if (refundsByNo(request.mchid(), request.outRefundNo()).isPresent()) {
      throw new WechatRefused(Refusal.INVALID_REQUEST, "退款单号已用于其他订单");
    }
    if (!order.state().paid()) {
      throw new WechatRefused(
          order.state() == TradeState.REVOKED
              ? Refusal.INVALID_REQUEST
              : Refusal.RESOURCE_NOT_EXISTS,
          order.state() == TradeState.REVOKED ? "订单已撤销并全额退款" : "订单未支付");
    }
    if (request.total() != order.terms().total()) {
      throw new WechatRefused(Refusal.INVALID_REQUEST, "订单金额与原订单不一致");
    }
    if (order.refunds().size() >= MAX_REFUNDS) {
      throw new WechatRefused(Refusal.INVALID_REQUEST, "退款次数超过限制(50次)");
    }
    if (order.refunded() + request.amount() > order.terms().total()) {
      throw new WechatRefused(Refusal.INVALID_REQUEST, "订单可退金额不足");
    }
    WechatRefund refund =
        new WechatRefund(
            request.outRefundNo(),
            WechatIds.refundId(now),
            request.amount(),
            request.reason(),
            request.notifyUrl(),
            RefundStatus.PROCESSING,
            now,
            now.plus(request.settleAfter()),
            request.outcome(),
            null);
    WechatOrder refunded =
        changed(order.withRefund(refund), Kind.REFUND_ACCEPTED, "wechat.refund", refund);
    WechatOrder settled = refreshed(key(refunded), now);
    return new Refunded(settled, settled.refund(refund.outRefundNo()).orElseThrow(), true);
  }

  /** The refund with this out_refund_no of one of the merchant's orders, refreshed. */
  public synchronized Optional<Refunded> findRefund(String mchid, String outRefundNo) {
    return refundsByNo(mchid, outRefundNo)
        .map(order -> refreshed(key(order), clock.now()))
        .map(order -> new Refunded(order, order.refund(outRefundNo).orElseThrow(), false));
  }

  /**
   * The page as stored: WeChat's listing has never applied what time did (the janitor does within
   * half a second), unlike a lookup.
   */
  @Override
  public synchronized List<WechatOrder> page(int page, int size) {
    return storedPage(page, size);
  }

  private Reversed closeByReversal(WechatOrder order, Instant now) {
    Reversal reversal = new Reversal(Reversal.CLOSE, now, 0);
    WechatOrder reversed =
        changed(
            order.reversed(reversal, TradeState.REVOKED), Kind.REVERSED, "wechat.reverse", null);
    return new Reversed(reversed, reversal, true);
  }

  private Reversed refundByReversal(WechatOrder order, Instant now, boolean paidStaysRefund) {
    long rest = order.terms().total() - order.refunded();
    Reversal reversal = new Reversal(Reversal.REFUND, now, rest);
    TradeState next = paidStaysRefund ? TradeState.REFUND : TradeState.REVOKED;
    WechatOrder reversed =
        changed(order.reversed(reversal, next), Kind.REVERSED, "wechat.reverse", null);
    return new Reversed(reversed, reversal, true);
  }

  private static boolean matchesConfirmation(
      WechatOrder order, String outTradeNo, String authCode) {
    return order.tradeType() == TradeType.MICROPAY
        && (outTradeNo == null || order.outTradeNo().equals(outTradeNo))
        && (authCode == null || authCode.equals(order.authCode()))
        && (outTradeNo != null || authCode != null);
  }

  private static void requireRepeatable(
      WechatOrder existing, TradeType type, OrderTerms terms, Refusal differentDeal) {
    if (existing.tradeType() != type) {
      throw new WechatRefused(Refusal.OUT_TRADE_NO_USED);
    }
    requireOpen(existing);
    if (!existing.terms().sameDeal(terms)) {
      throw new WechatRefused(
          differentDeal,
          differentDeal == Refusal.INVALID_REQUEST ? "请确认相同单号是否使用了不同的参数" : differentDeal.message());
    }
  }

  private static void requireOpen(WechatOrder order) {
    switch (order.state()) {
      case SUCCESS, REFUND -> throw new WechatRefused(Refusal.ORDER_PAID);
      case REVOKED -> throw new WechatRefused(Refusal.ORDER_REVERSED);
      case CLOSED, PAYERROR -> throw new WechatRefused(Refusal.ORDER_CLOSED);
      case NOTPAY, USERPAYING -> {}
    }
  }

  private static void requirePayableNow(
      WechatOrder order, Instant now, boolean payableAfterTimeExpire) {
    Instant timeExpire = order.terms().timeExpire();
    if (timeExpire != null && !now.isBefore(timeExpire) && !payableAfterTimeExpire) {
      throw new WechatRefused(Refusal.TIME_EXPIRED);
    }
  }

  private static OrderTerms raisedTimeExpire(OrderTerms terms, Instant now) {
    Instant earliest = now.plus(MIN_TIME_TO_PAY);
    if (terms.timeExpire() == null || !terms.timeExpire().isBefore(earliest)) {
      return terms;
    }
    return new OrderTerms(
        terms.description(),
        terms.total(),
        terms.currency(),
        terms.attach(),
        terms.notifyUrl(),
        earliest);
  }

  private WechatOrder byCodeUrl(String codeUrl, Instant now) {
    String key = keyOfCode(codeUrl);
    if (key == null) {
      throw new WechatRefused(Refusal.CODE_URL_UNKNOWN);
    }
    WechatOrder order = refreshed(key, now);
    if (!codeUrl.equals(order.codeUrl()) || !now.isBefore(order.codeUrlDeadline())) {
      throw new WechatRefused(Refusal.CODE_URL_EXPIRED);
    }
    return order;
  }

  private Optional<WechatOrder> refundsByNo(String mchid, String outRefundNo) {
    return stored().stream()
        .filter(o -> o.mchid().equals(mchid) && o.refund(outRefundNo).isPresent())
        .findFirst();
  }

  private WechatOrder pay(WechatOrder order, String openid, String trigger, Instant at) {
    String buyer = openid == null ? WechatIds.DEFAULT_OPENID : openid;
    return changed(order.paid(WechatIds.transactionId(at), buyer, at), Kind.PAID, trigger, null);
  }

  /** When WeChat revokes a payment-code order still waiting for the password, if it does. */
  private Instant revokeAt(WechatOrder order) {
    return order.tradeType() == TradeType.MICROPAY
            && micropayRevokeAfter != null
            && !micropayRevokeAfter.isNegative()
            && !micropayRevokeAfter.isZero()
        ? order.createdAt().plus(micropayRevokeAfter)
        : null;
  }

  /**
   * The order as time has left it: a due password confirmation pays it, a payment-code order
   * waiting for the password too long is revoked, due refunds settle.
   */
  @Override
  protected WechatOrder refreshed(String key, Instant now) {
    WechatOrder order = stored(key);
    if (order == null) {
      return null;
    }
    Instant revokeAt = revokeAt(order);
    if (order.state() == TradeState.USERPAYING
        && order.autoPayAt() != null
        && !now.isBefore(order.autoPayAt())
        && (revokeAt == null || order.autoPayAt().isBefore(revokeAt))) {
      order = pay(order, order.openid(), "wechat.buyer.confirm", order.autoPayAt());
    }
    if (order.state() == TradeState.USERPAYING && revokeAt != null && !now.isBefore(revokeAt)) {
      // The buyer never entered the password in time: WeChat revokes the order by itself.
      order =
          changed(
              order.moved(TradeState.REVOKED, revokeAt), Kind.REVERSED, "wechat.auto-revoke", null);
    }
    for (WechatRefund refund : order.refunds()) {
      if (refund.status() == RefundStatus.PROCESSING && !now.isBefore(refund.settleAt())) {
        WechatRefund settled = refund.settled();
        order = changed(order.withRefund(settled), Kind.REFUND_SETTLED, "wechat.refund", settled);
      }
    }
    return order;
  }

  private WechatOrder changed(WechatOrder order, Kind kind, String trigger, WechatRefund refund) {
    put(order);
    OrderChange change = new OrderChange(order, kind, trigger, refund);
    listeners.orderedStream().forEach(listener -> listener.orderChanged(change));
    return order;
  }
}
