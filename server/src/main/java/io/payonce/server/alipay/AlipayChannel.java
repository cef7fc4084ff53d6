package io.payonce.server.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayRequest;
import com.alipay.api.AlipayResponse;
import com.alipay.api.domain.AlipayDataDataserviceBillDownloadurlQueryModel;
import com.alipay.api.domain.AlipayTradeAppPayModel;
import com.alipay.api.domain.AlipayTradeCancelModel;
import com.alipay.api.domain.AlipayTradeCloseModel;
import com.alipay.api.domain.AlipayTradeFastpayRefundQueryModel;
import com.alipay.api.domain.AlipayTradePagePayModel;
import com.alipay.api.domain.AlipayTradePayModel;
import com.alipay.api.domain.AlipayTradePrecreateModel;
import com.alipay.api.domain.AlipayTradeQueryModel;
import com.alipay.api.domain.AlipayTradeRefundModel;
import com.alipay.api.domain.AlipayTradeWapPayModel;
import com.alipay.api.request.AlipayDataDataserviceBillDownloadurlQueryRequest;
import com.alipay.api.request.AlipayTradeAppPayRequest;
import com.alipay.api.request.AlipayTradeCancelRequest;
import com.alipay.api.request.AlipayTradeCloseRequest;
import com.alipay.api.request.AlipayTradeFastpayRefundQueryRequest;
import com.alipay.api.request.AlipayTradePagePayRequest;
import com.alipay.api.request.AlipayTradePayRequest;
import com.alipay.api.request.AlipayTradePrecreateRequest;
import com.alipay.api.request.AlipayTradeQueryRequest;
import com.alipay.api.request.AlipayTradeRefundRequest;
import com.alipay.api.request.AlipayTradeWapPayRequest;
import com.alipay.api.response.AlipayTradePayResponse;
import com.alipay.api.response.AlipayTradeQueryResponse;
import io.payonce.server.channel.CancelResult;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelCallListener;
import io.payonce.server.channel.ChannelCalls;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.Handoff;
import io.payonce.server.channel.HandoffTerms;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.Precreated;
import io.payonce.server.channel.RefundResult;
import io.payonce.server.channel.RefundState;
import io.payonce.server.channel.TradeState;
import io.payonce.server.money.Money;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * The Alipay adapter: each verb is one SDK call whose outcome is mapped to done, refused or
 * unknown. Anything the SDK throws (timeouts, I/O, a reply whose signature does not verify) and
 * every system error is {@link ChannelOutcome.Unknown}: only a definite business refusal is a
 * refusal.
 */
public class AlipayChannel implements io.payonce.server.channel.PaymentChannel {

  private static final String CURRENCY = "CNY";

  /** The refusal of {@link #tradeBillUrl} for a day without a bill (no trades that day). */
  public static final String BILL_NOT_EXIST = "isp.bill_not_exist";

  /** The product code of a PC web payment (alipay.trade.page.pay). */
  static final String PAGE_PRODUCT = "FAST_INSTANT_TRADE_PAY";

  /** The product code of a mobile web payment (alipay.trade.wap.pay). */
  static final String WAP_PRODUCT = "QUICK_WAP_WAY";

  /** The product code of a payment in the merchant's app (alipay.trade.app.pay). */
  static final String APP_PRODUCT = "QUICK_MSECURITY_PAY";

  private final AlipayClientProvider provider;
  private final ChannelCalls calls;
  private final Set<PaymentKind> kinds;

  AlipayChannel(AlipayClientProvider provider, ChannelCallListener listener, Clock clock) {
    this(provider, listener, clock, true, true);
  }

  /**
   * @param webProducts whether the cashier-page products (PC and mobile web) are offered
   * @param appProduct whether the product of the merchant's app (app.pay) is offered
   */
  AlipayChannel(
      AlipayClientProvider provider,
      ChannelCallListener listener,
      Clock clock,
      boolean webProducts,
      boolean appProduct) {
    this.provider = provider;
    this.calls = new ChannelCalls(Channel.ALIPAY, listener, clock);
    this.kinds = java.util.EnumSet.of(PaymentKind.QR, PaymentKind.BARCODE);
    if (webProducts) {
      kinds.add(PaymentKind.WEB);
      kinds.add(PaymentKind.MOBILE_WEB);
    }
    if (appProduct) {
      kinds.add(PaymentKind.APP);
    }
  }

  @Override
  public Channel channel() {
    return Channel.ALIPAY;
  }

  @Override
  public String displayName() {
    return "Alipay";
  }

  /**
   * Both face-to-face products — the buyer scans our code, or we scan the buyer's — and, unless
   * turned off, the cashier pages: PC web (page.pay) and mobile web (wap.pay), and the merchant's
   * app (app.pay).
   */
  @Override
  public Set<PaymentKind> kinds() {
    return java.util.EnumSet.copyOf(kinds);
  }

  /** Face-to-face payments are charged in yuan. */
  @Override
  public Set<String> currencies() {
    return Set.of(CURRENCY);
  }

  /**
   * Asks for a QR code; {@code expireAt} is passed as time_expire so the channel itself stops it.
   */
  @Override
  public ChannelOutcome<Precreated> precreate(
      String outTradeNo, Money amount, String subject, Instant expireAt) {
    AlipayTradePrecreateModel model = new AlipayTradePrecreateModel();
    model.setOutTradeNo(outTradeNo);
    model.setTotalAmount(yuan(amount));
    model.setSubject(subject);
    model.setTimeExpire(AlipayTime.format(expireAt));
    model.setSellerId(provider.sellerId());
    AlipayTradePrecreateRequest request = new AlipayTradePrecreateRequest();
    request.setBizModel(model);
    request.setNotifyUrl(provider.notifyUrl());
    return call(
        "alipay.trade.precreate",
        outTradeNo,
        request,
        r -> new Precreated(r.getOutTradeNo(), r.getQrCode()));
  }

  /**
   * Signs a cashier-page request (page.pay for {@link PaymentKind#WEB}, wap.pay for {@link
   * PaymentKind#MOBILE_WEB}) with the SDK's {@code pageExecute}: no network call is made, and the
   * trade exists at Alipay only once the buyer logs in or pays on that page — a close before then
   * answers ACQ.TRADE_NOT_EXIST and closes nothing. So the trade always carries time_expire (an
   * absolute deadline: timeout_express would count from that late creation). The hand-off is the
   * signed GET URL and the same signed parameters as the SDK's POST form: biz_content as the form's
   * field, the rest in its action. {@link PaymentKind#APP} (app.pay) is signed the same way,
   * locally and with time_expire, into the order string of the merchant's app ({@link
   * #orderString}).
   */
  @Override
  public ChannelOutcome<Handoff> handOff(PaymentKind kind, HandoffTerms terms) {
    return switch (kind) {
      case WEB -> {
        AlipayTradePagePayModel model = new AlipayTradePagePayModel();
        model.setOutTradeNo(terms.outTradeNo());
        model.setTotalAmount(yuan(terms.amount()));
        model.setSubject(terms.subject());
        model.setProductCode(PAGE_PRODUCT);
        model.setTimeExpire(AlipayTime.format(terms.expireAt()));
        AlipayTradePagePayRequest request = new AlipayTradePagePayRequest();
        request.setBizModel(model);
        request.setNotifyUrl(provider.notifyUrl());
        request.setReturnUrl(terms.buyer().returnUrl());
        yield signed("alipay.trade.page.pay", terms.outTradeNo(), request);
      }
      case MOBILE_WEB -> {
        AlipayTradeWapPayModel model = new AlipayTradeWapPayModel();
        model.setOutTradeNo(terms.outTradeNo());
        model.setTotalAmount(yuan(terms.amount()));
        model.setSubject(terms.subject());
        model.setProductCode(WAP_PRODUCT);
        model.setTimeExpire(AlipayTime.format(terms.expireAt()));
        model.setSellerId(provider.sellerId());
        model.setQuitUrl(terms.buyer().quitUrl());
        AlipayTradeWapPayRequest request = new AlipayTradeWapPayRequest();
        request.setBizModel(model);
        request.setNotifyUrl(provider.notifyUrl());
        request.setReturnUrl(terms.buyer().returnUrl());
        yield signed("alipay.trade.wap.pay", terms.outTradeNo(), request);
      }
      case APP -> {
        AlipayTradeAppPayModel model = new AlipayTradeAppPayModel();
        model.setOutTradeNo(terms.outTradeNo());
        model.setTotalAmount(yuan(terms.amount()));
        model.setSubject(terms.subject());
        model.setProductCode(APP_PRODUCT);
        model.setTimeExpire(AlipayTime.format(terms.expireAt()));
        model.setSellerId(provider.sellerId());
        AlipayTradeAppPayRequest request = new AlipayTradeAppPayRequest();
        request.setBizModel(model);
        request.setNotifyUrl(provider.notifyUrl());
        yield orderString(terms.outTradeNo(), request);
      }
      default -> io.payonce.server.channel.PaymentChannel.super.handOff(kind, terms);
    };
  }

  /** Signs a page request locally, journaled as every call is; only a broken key fails it. */
  private <R extends AlipayResponse> ChannelOutcome<Handoff> signed(
      String method, String outTradeNo, AlipayRequest<R> request) {
    return calls.call(
        method,
        outTradeNo,
        () -> {
          try {
            String url = provider.client().pageExecute(request, "GET").getBody();
            return new ChannelCalls.Answer<>(
                ChannelOutcome.done(AlipayPageForms.of(url)), "signed");
          } catch (AlipayApiException | RuntimeException e) {
            String detail = "sdk: " + ChannelCalls.rootCause(e);
            return new ChannelCalls.Answer<>(ChannelOutcome.unknown(detail), detail);
          }
        });
  }

  /**
   * Signs an app.pay request with the SDK's {@code sdkExecute}: the order string the merchant's app
   * hands Alipay's SDK (every parameter, sorted, URL-encoded, signed). No network call is made, and
   * the trade exists at Alipay only once the buyer pays in the Alipay app: until then a close
   * answers ACQ.TRADE_NOT_EXIST and closes nothing, as for the cashier pages. Alipay's app ignores
   * return_url, so none is sent.
   */
  private ChannelOutcome<Handoff> orderString(String outTradeNo, AlipayTradeAppPayRequest request) {
    return calls.call(
        "alipay.trade.app.pay",
        outTradeNo,
        () -> {
          try {
            String encoded = provider.client().sdkExecute(request).getBody();
            if (encoded == null || encoded.isEmpty()) {
              throw new IllegalStateException("empty order string");
            }
            return new ChannelCalls.Answer<>(
                ChannelOutcome.done(new Handoff.AppParams(java.util.Map.of(), encoded)), "signed");
          } catch (AlipayApiException | RuntimeException e) {
            String detail = "sdk: " + ChannelCalls.rootCause(e);
            return new ChannelCalls.Answer<>(ChannelOutcome.unknown(detail), detail);
          }
        });
  }

  /** Asks what became of a trade. A trade the channel does not know is answered, not refused. */
  @Override
  public ChannelOutcome<ChannelTrade> query(String outTradeNo) {
    AlipayTradeQueryModel model = new AlipayTradeQueryModel();
    model.setOutTradeNo(outTradeNo);
    AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
    request.setBizModel(model);
    return ChannelTrade.orNotFound(
        call("alipay.trade.query", outTradeNo, request, r -> toTrade(outTradeNo, r)), outTradeNo);
  }

  /**
   * Closes an unpaid trade. Refusals the caller must read: ACQ.TRADE_NOT_EXIST (never scanned:
   * nothing was closed and the QR may still be scanned) and ACQ.TRADE_STATUS_ERROR (paid, or
   * already closed).
   */
  @Override
  public ChannelOutcome<ChannelTrade> close(String outTradeNo) {
    AlipayTradeCloseModel model = new AlipayTradeCloseModel();
    model.setOutTradeNo(outTradeNo);
    AlipayTradeCloseRequest request = new AlipayTradeCloseRequest();
    request.setBizModel(model);
    return call(
        "alipay.trade.close",
        outTradeNo,
        request,
        r -> new ChannelTrade(outTradeNo, r.getTradeNo(), TradeState.CLOSED, 0, null, null));
  }

  /** Reverses whatever happened to a barcode payment: closes it if unpaid, refunds it if paid. */
  @Override
  public ChannelOutcome<CancelResult> cancel(String outTradeNo) {
    AlipayTradeCancelModel model = new AlipayTradeCancelModel();
    model.setOutTradeNo(outTradeNo);
    AlipayTradeCancelRequest request = new AlipayTradeCancelRequest();
    request.setBizModel(model);
    return call(
        "alipay.trade.cancel",
        outTradeNo,
        request,
        r ->
            new CancelResult(
                cancelAction(r.getAction()),
                "Y".equals(r.getRetryFlag()),
                r.getTradeNo(),
                instantOrNull(r.getGmtRefundPay())));
  }

  /** close: unpaid, closed; refund: paid, refunded in full; absent: no trade to act on. */
  private static CancelResult.Action cancelAction(String action) {
    if (action == null || action.isBlank()) {
      return CancelResult.Action.NOTHING;
    }
    return switch (action.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "close" -> CancelResult.Action.CLOSED;
      case "refund" -> CancelResult.Action.REFUNDED;
      // An action we do not know must not pass for "nothing happened".
      default -> throw new IllegalStateException("unknown cancel action");
    };
  }

  /**
   * Barcode pay. Done with state SUCCESS when paid at once, WAIT_BUYER_PAY when the buyer must
   * confirm (code 10003): the caller then polls {@link #query} and cancels if it never completes.
   */
  @Override
  public ChannelOutcome<ChannelTrade> pay(
      String outTradeNo, String authCode, Money amount, String subject, Instant expireAt) {
    AlipayTradePayModel model = new AlipayTradePayModel();
    model.setOutTradeNo(outTradeNo);
    model.setScene("bar_code");
    model.setAuthCode(authCode);
    model.setSubject(subject);
    model.setTotalAmount(yuan(amount));
    model.setTimeExpire(AlipayTime.format(expireAt));
    model.setSellerId(provider.sellerId());
    AlipayTradePayRequest request = new AlipayTradePayRequest();
    request.setBizModel(model);
    request.setNotifyUrl(provider.notifyUrl());
    return call("alipay.trade.pay", outTradeNo, request, r -> toPaid(outTradeNo, r));
  }

  /** Refunds under {@code outRequestNo}; the same number again never refunds twice. */
  @Override
  public ChannelOutcome<RefundResult> refund(
      String outTradeNo, String outRequestNo, Money amount, String reason) {
    AlipayTradeRefundModel model = new AlipayTradeRefundModel();
    model.setOutTradeNo(outTradeNo);
    model.setOutRequestNo(outRequestNo);
    model.setRefundAmount(yuan(amount));
    model.setRefundReason(reason);
    AlipayTradeRefundRequest request = new AlipayTradeRefundRequest();
    request.setBizModel(model);
    return call(
        "alipay.trade.refund",
        outTradeNo,
        request,
        r ->
            new RefundResult(
                !"N".equals(r.getFundChange()), AlipayAmounts.fromYuan(r.getRefundFee())));
  }

  /** Asks whether a refund was made; "not received or failed" is a definite, retryable answer. */
  @Override
  public ChannelOutcome<RefundState> refundQuery(String outTradeNo, String outRequestNo) {
    AlipayTradeFastpayRefundQueryModel model = new AlipayTradeFastpayRefundQueryModel();
    model.setOutTradeNo(outTradeNo);
    model.setOutRequestNo(outRequestNo);
    model.setQueryOptions(List.of("gmt_refund_pay"));
    AlipayTradeFastpayRefundQueryRequest request = new AlipayTradeFastpayRefundQueryRequest();
    request.setBizModel(model);
    return call(
        "alipay.trade.fastpay.refund.query",
        outTradeNo,
        request,
        r -> {
          boolean succeeded = "REFUND_SUCCESS".equals(r.getRefundStatus());
          long amount = succeeded ? AlipayAmounts.fromYuan(r.getRefundAmount()) : 0;
          return new RefundState(outRequestNo, succeeded, amount);
        });
  }

  /** The short-lived URL of the day's trade bill (a zip of GBK CSV). */
  public ChannelOutcome<String> tradeBillUrl(LocalDate billDate) {
    AlipayDataDataserviceBillDownloadurlQueryModel model =
        new AlipayDataDataserviceBillDownloadurlQueryModel();
    model.setBillType("trade");
    model.setBillDate(billDate.toString());
    AlipayDataDataserviceBillDownloadurlQueryRequest request =
        new AlipayDataDataserviceBillDownloadurlQueryRequest();
    request.setBizModel(model);
    return call(
        "alipay.data.dataservice.bill.downloadurl.query",
        null,
        request,
        r -> r.getBillDownloadUrl());
  }

  /** The amount as Alipay writes it; only yuan can be charged (the service checks at start-up). */
  private static String yuan(Money amount) {
    if (!CURRENCY.equals(amount.currency())) {
      throw new IllegalArgumentException(
          "Alipay charges " + CURRENCY + ", not " + amount.currency());
    }
    return amount.toDecimalString();
  }

  String appId() {
    return provider.appId();
  }

  String sellerId() {
    return provider.sellerId();
  }

  String alipayPublicKey() {
    return provider.alipayPublicKey();
  }

  private <R extends AlipayResponse, T> ChannelOutcome<T> call(
      String method, String outTradeNo, AlipayRequest<R> request, Function<R, T> onSuccess) {
    return calls.call(
        method,
        outTradeNo,
        () -> {
          try {
            R response = provider.client().execute(request);
            return new ChannelCalls.Answer<>(classify(response, onSuccess), describe(response));
          } catch (AlipayApiException | RuntimeException e) {
            // A reply the SDK could not parse is as unknown as no reply at all.
            String detail = "sdk: " + ChannelCalls.rootCause(e);
            return new ChannelCalls.Answer<>(ChannelOutcome.unknown(detail), detail);
          }
        });
  }

  private static <R extends AlipayResponse, T> ChannelOutcome<T> classify(
      R response, Function<R, T> onSuccess) {
    String code = response.getCode();
    String subCode = response.getSubCode();
    // isp.bill_not_exist is a definite answer (no bill for that day), not a system error.
    if ("20000".equals(code)
        || "ACQ.SYSTEM_ERROR".equals(subCode)
        || (subCode != null && subCode.startsWith("isp.") && !BILL_NOT_EXIST.equals(subCode))) {
      return ChannelOutcome.unknown("channel system error " + code + "/" + subCode);
    }
    if (!response.isSuccess()) {
      return ChannelOutcome.refused(AlipayRefusals.of(subCode), subCode, response.getSubMsg());
    }
    try {
      return ChannelOutcome.done(onSuccess.apply(response));
    } catch (RuntimeException e) {
      return ChannelOutcome.unknown("unreadable success reply: " + e.getClass().getSimpleName());
    }
  }

  private static ChannelTrade toTrade(String outTradeNo, AlipayTradeQueryResponse r) {
    TradeState state = AlipayTradeStatus.toState(r.getTradeStatus());
    if (state == TradeState.CLOSED && r.getSendPayDate() != null) {
      // TRADE_CLOSED is also what Alipay says of a trade paid and then refunded in full: a trade
      // that was ever paid has its payment time.
      return new ChannelTrade(
          outTradeNo,
          r.getTradeNo(),
          TradeState.REFUNDED,
          r.getTotalAmount() == null ? 0 : AlipayAmounts.fromYuan(r.getTotalAmount()),
          r.getBuyerUserId(),
          instantOrNull(r.getSendPayDate()));
    }
    long total = r.getTotalAmount() == null ? 0 : AlipayAmounts.fromYuan(r.getTotalAmount());
    Instant paidAt = state.paid() ? instantOrNull(r.getSendPayDate()) : null;
    return new ChannelTrade(outTradeNo, r.getTradeNo(), state, total, r.getBuyerUserId(), paidAt);
  }

  private static ChannelTrade toPaid(String outTradeNo, AlipayTradePayResponse r) {
    boolean waiting = "10003".equals(r.getCode());
    TradeState state = waiting ? TradeState.WAIT_BUYER_PAY : TradeState.SUCCESS;
    long total = r.getTotalAmount() == null ? 0 : AlipayAmounts.fromYuan(r.getTotalAmount());
    Instant paidAt = waiting ? null : instantOrNull(r.getGmtPayment());
    return new ChannelTrade(outTradeNo, r.getTradeNo(), state, total, r.getBuyerUserId(), paidAt);
  }

  private static Instant instantOrNull(Date date) {
    return date == null ? null : date.toInstant();
  }

  private static String describe(AlipayResponse response) {
    String subCode = response.getSubCode();
    return subCode == null || subCode.isEmpty()
        ? response.getCode()
        : response.getCode() + "/" + subCode;
  }
}
