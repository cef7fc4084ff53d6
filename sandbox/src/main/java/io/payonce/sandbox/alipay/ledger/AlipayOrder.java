package io.payonce.sandbox.alipay.ledger;

import io.payonce.sandbox.ledger.LedgerEntry;
import java.time.Duration;
import java.time.Instant;

/**
 * One out_trade_no of one app: a pre-order (precreate, QR issued, no trade yet) that a scan turns
 * into a {@link Trade}, or a trade created directly by barcode pay.
 *
 * @param qrDeadline when the QR code stops being scannable (2 h at most)
 * @param timeExpire absolute deadline to pay, if the merchant sent one
 * @param timeoutExpress relative deadline to pay, counted from precreate or from the scan
 * @param voided a cancel killed the pre-order before anyone scanned it
 * @param checkout for a cashier-page request (page.pay, wap.pay), the page's product and where it
 *     sends the buyer; null for face-to-face orders
 */
public record AlipayOrder(
    String appId,
    String sellerId,
    String outTradeNo,
    OrderTerms terms,
    String qrCode,
    Instant precreatedAt,
    Instant qrDeadline,
    Instant timeExpire,
    Duration timeoutExpress,
    boolean timeoutFromScan,
    boolean voided,
    Trade trade,
    Checkout checkout)
    implements LedgerEntry {

  /**
   * A cashier page's request: its method ({@code alipay.trade.page.pay} or {@code
   * alipay.trade.wap.pay}), and where the page sends the buyer after paying or on leaving.
   */
  public record Checkout(String method, String returnUrl, String quitUrl) {}

  /** Face-to-face orders without an explicit timeout close after 3 h. */
  static final Duration DEFAULT_TIMEOUT = Duration.ofHours(3);

  /** The ledger's status word: Alipay's trade_status, or NOT_EXIST before the trade exists. */
  public String status() {
    return trade == null ? "NOT_EXIST" : trade.status().name();
  }

  @Override
  public String merchant() {
    return appId;
  }

  @Override
  public String channelTradeNo() {
    return trade == null ? null : trade.tradeNo();
  }

  @Override
  public String scanCode() {
    return qrCode;
  }

  /** A trade waiting for its buyer pays when its confirmation is due, or closes at its deadline. */
  @Override
  public boolean waitsOnTime() {
    return trade != null && trade.status() == TradeStatus.WAIT_BUYER_PAY;
  }

  /** When an unpaid trade closes by itself; null while it depends on a scan yet to come. */
  public Instant payDeadline() {
    if (timeExpire != null) {
      return timeExpire;
    }
    Duration timeout = timeoutExpress == null ? DEFAULT_TIMEOUT : timeoutExpress;
    if (timeoutFromScan) {
      return trade == null ? null : trade.createdAt().plus(timeout);
    }
    return precreatedAt.plus(timeout);
  }

  boolean scannable(Instant now) {
    Instant payDeadline = payDeadline();
    return trade == null
        && !voided
        && qrCode != null
        && now.isBefore(qrDeadline)
        && (payDeadline == null || now.isBefore(payDeadline));
  }

  AlipayOrder withTrade(Trade newTrade) {
    return copy(voided, newTrade);
  }

  AlipayOrder asVoided() {
    return copy(true, trade);
  }

  private AlipayOrder copy(boolean isVoided, Trade newTrade) {
    return new AlipayOrder(
        appId,
        sellerId,
        outTradeNo,
        terms,
        qrCode,
        precreatedAt,
        qrDeadline,
        timeExpire,
        timeoutExpress,
        timeoutFromScan,
        isVoided,
        newTrade,
        checkout);
  }
}
