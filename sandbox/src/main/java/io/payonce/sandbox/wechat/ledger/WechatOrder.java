package io.payonce.sandbox.wechat.ledger;

import io.payonce.sandbox.ledger.LedgerRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One out_trade_no of one merchant. Unlike Alipay's, a WeChat order exists from the Native prepay
 * (NOTPAY) or the payment-code call (USERPAYING, SUCCESS...).
 *
 * @param codeUrl Native only; scannable until {@code codeUrlDeadline} (2 h)
 * @param authCode payment code only
 * @param signType the APIv2 sign_type of the payment-code call (MD5 or HMAC-SHA256), else null
 * @param v2NotifyUrl where an APIv2 XML notify of the payment goes (sandbox-only; null: none)
 * @param autoPayAt when a payment-code buyer who must enter the password does so (null: never)
 */
public record WechatOrder(
    String mchid,
    String appid,
    String outTradeNo,
    TradeType tradeType,
    OrderTerms terms,
    String codeUrl,
    Instant codeUrlDeadline,
    Instant createdAt,
    TradeState state,
    String transactionId,
    String openid,
    String authCode,
    String signType,
    String v2NotifyUrl,
    Instant paidAt,
    Instant closedAt,
    Instant autoPayAt,
    List<WechatRefund> refunds,
    Reversal reversal)
    implements LedgerRow {

  public WechatOrder {
    refunds = List.copyOf(refunds);
  }

  @Override
  public String merchant() {
    return mchid;
  }

  @Override
  public String channelTradeNo() {
    return transactionId;
  }

  @Override
  public String scanCode() {
    return codeUrl;
  }

  /** A buyer due to enter the password, or a refund to settle. */
  @Override
  public boolean waitsOnTime() {
    return (state == TradeState.USERPAYING && autoPayAt != null)
        || refunds.stream().anyMatch(r -> r.status() == RefundStatus.PROCESSING);
  }

  /** Fen held by refunds (all but closed ones) and by a reversal's refund. */
  public long refunded() {
    long byRefunds =
        refunds.stream()
            .filter(r -> r.status().holdsAmount())
            .mapToLong(WechatRefund::amount)
            .sum();
    return byRefunds + (reversal == null ? 0 : reversal.refunded());
  }

  /** Fen that reached the buyer: successful refunds and a reversal's refund. */
  public long refundedSuccessfully() {
    long byRefunds =
        refunds.stream()
            .filter(r -> r.status() == RefundStatus.SUCCESS)
            .mapToLong(WechatRefund::amount)
            .sum();
    return byRefunds + (reversal == null ? 0 : reversal.refunded());
  }

  public Optional<WechatRefund> refund(String outRefundNo) {
    return refunds.stream().filter(r -> r.outRefundNo().equals(outRefundNo)).findFirst();
  }

  WechatOrder moved(TradeState next, Instant at) {
    if (!state.canMoveTo(next)) {
      throw new WechatRefused(Refusal.INVALID_REQUEST, "订单状态不允许: " + state + " → " + next);
    }
    boolean paying = next == TradeState.SUCCESS;
    boolean closing = next == TradeState.CLOSED || next == TradeState.PAYERROR;
    return new WechatOrder(
        mchid,
        appid,
        outTradeNo,
        tradeType,
        terms,
        codeUrl,
        codeUrlDeadline,
        createdAt,
        next,
        transactionId,
        openid,
        authCode,
        signType,
        v2NotifyUrl,
        paying ? at : paidAt,
        closing ? at : closedAt,
        null,
        refunds,
        reversal);
  }

  WechatOrder paid(String newTransactionId, String buyer, Instant at) {
    WechatOrder moved = moved(TradeState.SUCCESS, at);
    return new WechatOrder(
        mchid,
        appid,
        outTradeNo,
        tradeType,
        terms,
        codeUrl,
        codeUrlDeadline,
        createdAt,
        moved.state,
        newTransactionId,
        buyer,
        authCode,
        signType,
        v2NotifyUrl,
        moved.paidAt,
        moved.closedAt,
        null,
        refunds,
        reversal);
  }

  WechatOrder withCodeUrl(String newCodeUrl, Instant deadline) {
    return new WechatOrder(
        mchid,
        appid,
        outTradeNo,
        tradeType,
        terms,
        newCodeUrl,
        deadline,
        createdAt,
        state,
        transactionId,
        openid,
        authCode,
        signType,
        v2NotifyUrl,
        paidAt,
        closedAt,
        autoPayAt,
        refunds,
        reversal);
  }

  WechatOrder withRefunds(List<WechatRefund> newRefunds, TradeState newState) {
    return new WechatOrder(
        mchid,
        appid,
        outTradeNo,
        tradeType,
        terms,
        codeUrl,
        codeUrlDeadline,
        createdAt,
        newState,
        transactionId,
        openid,
        authCode,
        signType,
        v2NotifyUrl,
        paidAt,
        closedAt,
        autoPayAt,
        newRefunds,
        reversal);
  }

  WechatOrder withRefund(WechatRefund refund) {
    List<WechatRefund> all = new ArrayList<>();
    boolean replaced = false;
    for (WechatRefund existing : refunds) {
      if (existing.outRefundNo().equals(refund.outRefundNo())) {
        all.add(refund);
        replaced = true;
      } else {
        all.add(existing);
      }
    }
    if (!replaced) {
      all.add(refund);
    }
    TradeState next = state == TradeState.SUCCESS ? TradeState.REFUND : state;
    if (next != state && !state.canMoveTo(next)) {
      throw new WechatRefused(Refusal.INVALID_REQUEST);
    }
    return withRefunds(all, next);
  }

  WechatOrder reversed(Reversal newReversal, TradeState next) {
    if (next != state && !state.canMoveTo(next)) {
      throw new WechatRefused(Refusal.INVALID_REQUEST, "订单状态不允许撤销");
    }
    return new WechatOrder(
        mchid,
        appid,
        outTradeNo,
        tradeType,
        terms,
        codeUrl,
        codeUrlDeadline,
        createdAt,
        next,
        transactionId,
        openid,
        authCode,
        signType,
        v2NotifyUrl,
        paidAt,
        state.paid() ? closedAt : newReversal.at(),
        null,
        refunds,
        newReversal);
  }
}
