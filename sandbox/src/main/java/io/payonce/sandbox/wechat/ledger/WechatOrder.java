package io.payonce.sandbox.wechat.ledger;

import io.payonce.sandbox.ledger.LedgerEntry;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One out_trade_no of one merchant. Unlike Alipay's, a WeChat order exists from the Native prepay
 * (NOTPAY) or the payment-code call (USERPAYING, SUCCESS...).
 *
 * @param codeUrl Native: the code_url, scannable until {@code codeUrlDeadline} (2 h); JSAPI: the
 *     prepay_id, payable through the JS bridge until then
 * @param openid the buyer who paid; JSAPI: the payer the order was placed for, from the prepay on
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
    implements LedgerEntry {

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
    Progress moved = progress();
    moved.state = next;
    if (next == TradeState.SUCCESS) {
      moved.paidAt = at;
    }
    if (next == TradeState.CLOSED || next == TradeState.PAYERROR) {
      moved.closedAt = at;
    }
    moved.autoPayAt = null;
    return moved.order();
  }

  WechatOrder paid(String newTransactionId, String buyer, Instant at) {
    Progress paid = moved(TradeState.SUCCESS, at).progress();
    paid.transactionId = newTransactionId;
    paid.openid = buyer;
    return paid.order();
  }

  WechatOrder withCodeUrl(String newCodeUrl, Instant deadline) {
    Progress renewed = progress();
    renewed.codeUrl = newCodeUrl;
    renewed.codeUrlDeadline = deadline;
    return renewed.order();
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
    Progress refunded = progress();
    refunded.state = next;
    refunded.refunds = all;
    return refunded.order();
  }

  WechatOrder reversed(Reversal newReversal, TradeState next) {
    if (next != state && !state.canMoveTo(next)) {
      throw new WechatRefused(Refusal.INVALID_REQUEST, "订单状态不允许撤销");
    }
    Progress reversed = progress();
    reversed.state = next;
    reversed.closedAt = state.paid() ? closedAt : newReversal.at();
    reversed.autoPayAt = null;
    reversed.reversal = newReversal;
    return reversed.order();
  }

  private Progress progress() {
    return new Progress(this);
  }

  /**
   * What changes as an order moves on, taken from it to be changed and made into the next order;
   * what the merchant placed stays as it was.
   */
  private static final class Progress {
    private final WechatOrder placed;
    private String codeUrl;
    private Instant codeUrlDeadline;
    private TradeState state;
    private String transactionId;
    private String openid;
    private Instant paidAt;
    private Instant closedAt;
    private Instant autoPayAt;
    private List<WechatRefund> refunds;
    private Reversal reversal;

    private Progress(WechatOrder order) {
      this.placed = order;
      this.codeUrl = order.codeUrl;
      this.codeUrlDeadline = order.codeUrlDeadline;
      this.state = order.state;
      this.transactionId = order.transactionId;
      this.openid = order.openid;
      this.paidAt = order.paidAt;
      this.closedAt = order.closedAt;
      this.autoPayAt = order.autoPayAt;
      this.refunds = order.refunds;
      this.reversal = order.reversal;
    }

    private WechatOrder order() {
      return new WechatOrder(
          placed.mchid,
          placed.appid,
          placed.outTradeNo,
          placed.tradeType,
          placed.terms,
          codeUrl,
          codeUrlDeadline,
          placed.createdAt,
          state,
          transactionId,
          openid,
          placed.authCode,
          placed.signType,
          placed.v2NotifyUrl,
          paidAt,
          closedAt,
          autoPayAt,
          refunds,
          reversal);
    }
  }
}
