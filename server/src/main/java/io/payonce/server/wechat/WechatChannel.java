package io.payonce.server.wechat;

import com.github.binarywang.wxpay.bean.request.WxPayMicropayRequest;
import com.github.binarywang.wxpay.bean.request.WxPayOrderReverseRequest;
import com.github.binarywang.wxpay.bean.result.WxPayMicropayResult;
import com.github.binarywang.wxpay.exception.WxPayException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.nativepay.model.CloseOrderRequest;
import com.wechat.pay.java.service.payments.nativepay.model.PrepayRequest;
import com.wechat.pay.java.service.payments.nativepay.model.QueryOrderByOutTradeNoRequest;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.Status;
import io.payonce.server.channel.CancelResult;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelCallListener;
import io.payonce.server.channel.ChannelCalls;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.Handoff;
import io.payonce.server.channel.HandoffTerms;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.Precreated;
import io.payonce.server.channel.RefundResult;
import io.payonce.server.channel.RefundState;
import io.payonce.server.channel.Refusal;
import io.payonce.server.channel.TradeState;
import io.payonce.server.money.Money;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The WeChat Pay adapter (APIv3 Native): each verb is one library call whose outcome is mapped to
 * done, refused or unknown. Anything the library throws besides a business error — timeouts, I/O, a
 * reply whose signature does not verify — and every 5xx or 429 is {@link ChannelOutcome.Unknown}.
 */
public class WechatChannel implements PaymentChannel {

  private static final String CURRENCY = "CNY";
  private static final int DESCRIPTION_MAX = 127;
  private static final java.time.Duration H5_URL_LIFE = java.time.Duration.ofMinutes(5);

  private final WechatClientProvider provider;
  private final ChannelCalls calls;
  private final Clock clock;

  WechatChannel(WechatClientProvider provider, ChannelCallListener listener, Clock clock) {
    this.provider = provider;
    this.calls = new ChannelCalls(Channel.WECHAT, listener, clock);
    this.clock = clock;
  }

  /** WeChat's web sign-in for the official account's pages, when its AppSecret is configured. */
  @Override
  public java.util.Optional<io.payonce.server.channel.BuyerSignIn> buyerSignIn() {
    return provider.appSecret() == null
        ? java.util.Optional.empty()
        : java.util.Optional.of(new WechatSignIn(provider, calls));
  }

  @Override
  public Channel channel() {
    return Channel.WECHAT;
  }

  @Override
  public String displayName() {
    return "WeChat Pay";
  }

  /**
   * Both face-to-face products — the buyer scans our code, or we scan the buyer's — and payment
   * inside WeChat: an official account's page (JSAPI, with {@code appid}) and, when its own app id
   * is configured, a mini-program; and, when the merchant's mobile app's own app id is configured,
   * App payment.
   */
  @Override
  public Set<PaymentKind> kinds() {
    Set<PaymentKind> kinds =
        java.util.EnumSet.of(
            PaymentKind.QR, PaymentKind.BARCODE, PaymentKind.JSAPI, PaymentKind.MOBILE_WEB);
    if (provider.miniProgramAppid() != null) {
      kinds.add(PaymentKind.MINI_PROGRAM);
    }
    if (provider.appAppid() != null) {
      kinds.add(PaymentKind.APP);
    }
    return kinds;
  }

  @Override
  public Set<String> currencies() {
    return Set.of(CURRENCY);
  }

  /** WeChat Pay's amounts are 32-bit signed fen (total, total_fee): at most 21,474,836.47 yuan. */
  @Override
  public long maxAmountMinor() {
    return Integer.MAX_VALUE;
  }

  /**
   * Native prepay: the trade exists at WeChat from here on (unlike Alipay's precreate), so it can
   * be queried and closed at once; {@code expireAt} is its time_expire.
   */
  @Override
  public ChannelOutcome<Precreated> precreate(
      String outTradeNo, Money amount, String subject, Instant expireAt) {
    PrepayRequest request =
        prepayRequest(PrepayRequest.class, provider.appid(), outTradeNo, amount, subject, expireAt);
    return call(
        "wechat.native.prepay",
        outTradeNo,
        () ->
            new Precreated(
                outTradeNo, provider.clients().nativePay().prepay(request).getCodeUrl()));
  }

  /**
   * JSAPI prepay for the buyer {@code terms.buyer().channelUserId()} (the openid under the app id
   * of the product: the official account's for {@link PaymentKind#JSAPI}, the mini-program's for
   * {@link PaymentKind#MINI_PROGRAM}), then the parameters the bridge pays with, signed with the
   * merchant key by the library. The trade exists at WeChat from here on and is bound to that
   * openid; a prepay repeated with the same parameters answers the same prepay_id (2 h life, longer
   * than any payment's), so a stored hand-off stays good while the payment lives.
   */
  @Override
  public ChannelOutcome<Handoff> handOff(PaymentKind kind, HandoffTerms terms) {
    if (kind == PaymentKind.APP && provider.appAppid() != null) {
      return appPrepay(terms);
    }
    if (kind == PaymentKind.MOBILE_WEB) {
      return h5Prepay(terms);
    }
    String appid =
        switch (kind) {
          case JSAPI -> provider.appid();
          case MINI_PROGRAM -> provider.miniProgramAppid();
          default -> null;
        };
    if (appid == null) {
      return PaymentChannel.super.handOff(kind, terms);
    }
    String openid = terms.buyer().channelUserId();
    if (openid == null || openid.isBlank()) {
      return ChannelOutcome.refused(Refusal.OTHER, "PARAM_ERROR", "payer.openid is required");
    }
    com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest request =
        prepayRequest(
            com.wechat.pay.java.service.payments.jsapi.model.PrepayRequest.class, appid, terms);
    com.wechat.pay.java.service.payments.jsapi.model.Payer payer =
        new com.wechat.pay.java.service.payments.jsapi.model.Payer();
    payer.setOpenid(openid);
    request.setPayer(payer);
    return call(
        "wechat.jsapi.prepay",
        terms.outTradeNo(),
        () -> {
          com.wechat.pay.java.service.payments.jsapi.model.PrepayWithRequestPaymentResponse r =
              provider.clients().jsapi().prepayWithRequestPayment(request);
          java.util.Map<String, String> params = new java.util.LinkedHashMap<>();
          params.put("appId", r.getAppId());
          params.put("timeStamp", r.getTimeStamp());
          params.put("nonceStr", r.getNonceStr());
          params.put("package", r.getPackageVal());
          params.put("signType", r.getSignType());
          params.put("paySign", r.getPaySign());
          return (Handoff) new Handoff.Bridge(params);
        });
  }

  /**
   * APP prepay under the merchant's mobile app's own app id, then the parameters the app hands the
   * WeChat SDK ({@code PayReq}: appid, partnerid, prepayid, package {@code Sign=WXPay}, noncestr,
   * timestamp, sign), signed with the merchant key by the library. The trade exists at WeChat from
   * here on, for whoever pays it in WeChat; a prepay repeated with the same parameters answers the
   * same prepay_id (2 h life, longer than any payment's), so a stored hand-off stays good while the
   * payment lives.
   */
  private ChannelOutcome<Handoff> appPrepay(HandoffTerms terms) {
    com.wechat.pay.java.service.payments.app.model.PrepayRequest request =
        prepayRequest(
            com.wechat.pay.java.service.payments.app.model.PrepayRequest.class,
            provider.appAppid(),
            terms);
    return call(
        "wechat.app.prepay",
        terms.outTradeNo(),
        () -> {
          com.wechat.pay.java.service.payments.app.model.PrepayWithRequestPaymentResponse r =
              provider.clients().app().prepayWithRequestPayment(request);
          java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
          fields.put("appid", r.getAppid());
          fields.put("partnerid", r.getPartnerId());
          fields.put("prepayid", r.getPrepayId());
          fields.put("package", r.getPackageVal());
          fields.put("noncestr", r.getNonceStr());
          fields.put("timestamp", r.getTimestamp());
          fields.put("sign", r.getSign());
          return (Handoff) new Handoff.AppParams(fields, "");
        });
  }

  /** H5 (the phone's browser outside WeChat) checks the page's browser against the buyer's IP. */
  @Override
  public boolean needsClientIp(PaymentKind kind) {
    return kind == PaymentKind.MOBILE_WEB;
  }

  /** An h5_url opens for 5 minutes: an H5 payment lives no longer. */
  @Override
  public java.util.Optional<java.time.Duration> handoffLife(PaymentKind kind) {
    return kind == PaymentKind.MOBILE_WEB
        ? java.util.Optional.of(H5_URL_LIFE)
        : java.util.Optional.empty();
  }

  /**
   * H5 prepay (WeChat Pay in the phone's browser outside WeChat): the trade under the merchant's
   * appid with the buyer's IP and a WAP scene, answered by an h5_url the browser opens, with {@code
   * redirect_url} (the buyer's return address, never proof of payment) appended as WeChat asks. The
   * payment's expiry is sent as time_expire; it is no later than the h5_url's 5 minutes.
   */
  private ChannelOutcome<Handoff> h5Prepay(HandoffTerms terms) {
    String clientIp = terms.buyer().clientIp();
    if (clientIp == null || clientIp.isBlank()) {
      return ChannelOutcome.refused(
          Refusal.OTHER, "PARAM_ERROR", "scene_info.payer_client_ip is required");
    }
    com.wechat.pay.java.service.payments.h5.model.PrepayRequest request =
        prepayRequest(
            com.wechat.pay.java.service.payments.h5.model.PrepayRequest.class,
            provider.appid(),
            terms);
    com.wechat.pay.java.service.payments.h5.model.H5Info h5 =
        new com.wechat.pay.java.service.payments.h5.model.H5Info();
    h5.setType("Wap");
    com.wechat.pay.java.service.payments.h5.model.SceneInfo scene =
        new com.wechat.pay.java.service.payments.h5.model.SceneInfo();
    scene.setPayerClientIp(clientIp);
    scene.setH5Info(h5);
    request.setSceneInfo(scene);
    String returnUrl = terms.buyer().returnUrl();
    return call(
        "wechat.h5.prepay",
        terms.outTradeNo(),
        () -> {
          String url = provider.clients().h5().prepay(request).getH5Url();
          if (returnUrl != null && !returnUrl.isBlank()) {
            url +=
                "&redirect_url="
                    + java.net.URLEncoder.encode(
                        returnUrl, java.nio.charset.StandardCharsets.UTF_8);
          }
          return (Handoff) new Handoff.Redirect(url, null, java.util.Map.of());
        });
  }

  /**
   * A prepay request of the SDK's class {@code type} (one per product, with no common type) with
   * what every product's prepay carries — appid, mchid, description, out_trade_no, notify_url,
   * time_expire (always), amount — written once, in the wire names the SDK's models are bound to;
   * each product then adds its own (payer, scene_info).
   */
  private <T> T prepayRequest(
      Class<T> type,
      String appid,
      String outTradeNo,
      Money amount,
      String subject,
      Instant expireAt) {
    com.google.gson.JsonObject body = new com.google.gson.JsonObject();
    body.addProperty("appid", appid);
    body.addProperty("mchid", provider.mchid());
    body.addProperty("description", description(subject));
    body.addProperty("out_trade_no", outTradeNo);
    body.addProperty("notify_url", provider.notifyUrl());
    body.addProperty("time_expire", WechatTime.format(expireAt));
    com.google.gson.JsonObject total = new com.google.gson.JsonObject();
    total.addProperty("total", Math.toIntExact(fen(amount)));
    total.addProperty("currency", CURRENCY);
    body.add("amount", total);
    return com.wechat.pay.java.core.util.GsonUtil.getGson().fromJson(body, type);
  }

  private <T> T prepayRequest(Class<T> type, String appid, HandoffTerms terms) {
    return prepayRequest(
        type, appid, terms.outTradeNo(), terms.amount(), terms.subject(), terms.expireAt());
  }

  /** What became of a trade; a number WeChat does not know is answered, not refused. */
  @Override
  public ChannelOutcome<ChannelTrade> query(String outTradeNo) {
    return ChannelTrade.orNotFound(
        call("wechat.query", outTradeNo, () -> toTrade(outTradeNo, transaction(outTradeNo))),
        outTradeNo);
  }

  /**
   * Closes an unpaid trade (204). A paid trade is refused ORDERPAID. WeChat answers 204 for a
   * number it does not know too, so a close proves nothing: the caller queries after a refusal.
   */
  @Override
  public ChannelOutcome<ChannelTrade> close(String outTradeNo) {
    CloseOrderRequest request = new CloseOrderRequest();
    request.setMchid(provider.mchid());
    request.setOutTradeNo(outTradeNo);
    return call(
        "wechat.close",
        outTradeNo,
        () -> {
          provider.clients().nativePay().closeOrder(request);
          return new ChannelTrade(outTradeNo, null, TradeState.CLOSED, 0, null, null);
        });
  }

  /**
   * Reverses a payment-code payment (APIv2 {@code /secapi/pay/reverse}) whatever became of it.
   * WeChat's answer does not say whether it closed an unpaid trade or refunded a paid one, so the
   * trade is asked afterwards: a success time means the buyer had paid and got it all back.
   * USERPAYING ("reverse again later", recall=Y) and system errors leave the effect unknown.
   */
  @Override
  public ChannelOutcome<CancelResult> cancel(String outTradeNo) {
    ChannelOutcome<Boolean> reversed =
        callV2(
            "wechat.reverse",
            outTradeNo,
            () -> {
              WxPayOrderReverseRequest request = new WxPayOrderReverseRequest();
              request.setOutTradeNo(outTradeNo);
              return "Y".equals(provider.clients().v2().reverseOrder(request).getIsRecall());
            });
    if (reversed instanceof ChannelOutcome.Refused<Boolean> refused
        && refused.is(Refusal.TRADE_NOT_FOUND)) {
      return ChannelOutcome.done(new CancelResult(CancelResult.Action.NOTHING, false, null, null));
    }
    if (!(reversed instanceof ChannelOutcome.Done<Boolean> done)) {
      return reversed.notDone();
    }
    if (done.value()) {
      return ChannelOutcome.done(new CancelResult(CancelResult.Action.NOTHING, true, null, null));
    }
    return call(
        "wechat.query",
        outTradeNo,
        () -> {
          Transaction t = transaction(outTradeNo);
          boolean wasPaid = t.getSuccessTime() != null && !t.getSuccessTime().isBlank();
          return new CancelResult(
              wasPaid ? CancelResult.Action.REFUNDED : CancelResult.Action.CLOSED,
              false,
              t.getTransactionId(),
              wasPaid ? clock.instant() : null);
        });
  }

  /**
   * Takes a payment from the buyer's payment code (APIv2 {@code /pay/micropay}). Done with SUCCESS
   * when paid at once, WAIT_BUYER_PAY when the buyer must enter a password (USERPAYING);
   * SYSTEMERROR and BANKERROR are unknown (the buyer may have been charged: query, then reverse).
   */
  @Override
  public ChannelOutcome<ChannelTrade> pay(
      String outTradeNo, String authCode, Money amount, String subject, Instant expireAt) {
    WxPayMicropayRequest request = new WxPayMicropayRequest();
    request.setBody(description(subject));
    request.setOutTradeNo(outTradeNo);
    request.setTotalFee(Math.toIntExact(fen(amount)));
    request.setSpbillCreateIp("127.0.0.1");
    request.setAuthCode(authCode);
    request.setTimeExpire(WechatTime.compact(expireAt));
    ChannelOutcome<ChannelTrade> outcome =
        callV2(
            "wechat.micropay",
            outTradeNo,
            () -> {
              WxPayMicropayResult r = provider.clients().v2().micropay(request);
              long total = r.getTotalFee() == null ? fen(amount) : r.getTotalFee();
              return new ChannelTrade(
                  outTradeNo,
                  r.getTransactionId(),
                  TradeState.SUCCESS,
                  total,
                  r.getOpenid(),
                  WechatTime.parseCompact(r.getTimeEnd()));
            });
    if (outcome instanceof ChannelOutcome.Refused<ChannelTrade> refused
        && "USERPAYING".equals(refused.subCode())) {
      return ChannelOutcome.done(
          new ChannelTrade(outTradeNo, null, TradeState.WAIT_BUYER_PAY, fen(amount), null, null));
    }
    return outcome;
  }

  /**
   * Refunds under {@code outRequestNo} (WeChat's out_refund_no). WeChat wants the trade's total
   * beside the refund, which the port does not carry: it is asked first. A 200 means accepted, not
   * done: only SUCCESS counts as money moved; PROCESSING is confirmed by {@link #refundQuery} (or
   * the refund's notification) later.
   */
  @Override
  public ChannelOutcome<RefundResult> refund(
      String outTradeNo, String outRequestNo, Money amount, String reason) {
    ChannelOutcome<ChannelTrade> trade = query(outTradeNo);
    if (!(trade instanceof ChannelOutcome.Done<ChannelTrade> known)) {
      return trade.notDone();
    }
    CreateRequest request = new CreateRequest();
    request.setOutTradeNo(outTradeNo);
    request.setOutRefundNo(outRequestNo);
    request.setReason(reason == null || reason.isBlank() ? null : clip(reason, 80));
    request.setNotifyUrl(provider.notifyUrl());
    AmountReq refund = new AmountReq();
    refund.setRefund(fen(amount));
    refund.setTotal(known.value().totalAmountMinor());
    refund.setCurrency(CURRENCY);
    request.setAmount(refund);
    return call(
        "wechat.refund",
        outTradeNo,
        () -> {
          Refund made = provider.clients().refunds().create(request);
          boolean done = made.getStatus() == Status.SUCCESS;
          long refunded = made.getAmount() == null ? 0 : nz(made.getAmount().getRefund());
          return new RefundResult(done, refunded);
        });
  }

  /** Whether the refund was made; PROCESSING, CLOSED and ABNORMAL are "not made (yet)". */
  @Override
  public ChannelOutcome<RefundState> refundQuery(String outTradeNo, String outRequestNo) {
    QueryByOutRefundNoRequest request = new QueryByOutRefundNoRequest();
    request.setOutRefundNo(outRequestNo);
    ChannelOutcome<RefundState> outcome =
        call(
            "wechat.refund.query",
            outTradeNo,
            () -> {
              Refund found = provider.clients().refunds().queryByOutRefundNo(request);
              boolean succeeded = found.getStatus() == Status.SUCCESS;
              long amount =
                  succeeded && found.getAmount() != null ? nz(found.getAmount().getRefund()) : 0;
              return new RefundState(outRequestNo, succeeded, amount);
            });
    if (outcome instanceof ChannelOutcome.Refused<RefundState> refused
        && refused.is(Refusal.TRADE_NOT_FOUND)) {
      return ChannelOutcome.done(new RefundState(outRequestNo, false, 0));
    }
    return outcome;
  }

  private Transaction transaction(String outTradeNo) {
    QueryOrderByOutTradeNoRequest request = new QueryOrderByOutTradeNoRequest();
    request.setMchid(provider.mchid());
    request.setOutTradeNo(outTradeNo);
    return provider.clients().nativePay().queryOrderByOutTradeNo(request);
  }

  /**
   * A WeChat transaction (a query's answer or a notification's content) in neutral words. A trade
   * ever paid has its success_time, kept also when a reversal gave it all back (REVOKED).
   */
  static ChannelTrade toTrade(String outTradeNo, Transaction t) {
    boolean everPaid = t.getSuccessTime() != null && !t.getSuccessTime().isBlank();
    TradeState state = WechatTradeState.toState(t.getTradeState(), everPaid);
    long total =
        t.getAmount() == null || t.getAmount().getTotal() == null ? 0 : t.getAmount().getTotal();
    String buyer = t.getPayer() == null ? null : t.getPayer().getOpenid();
    Instant paidAt =
        state.paid() || state == TradeState.REFUNDED ? WechatTime.parse(t.getSuccessTime()) : null;
    return new ChannelTrade(outTradeNo, t.getTransactionId(), state, total, buyer, paidAt);
  }

  String mchid() {
    return provider.mchid();
  }

  String appid() {
    return provider.appid();
  }

  private <T> ChannelOutcome<T> call(String method, String outTradeNo, Supplier<T> action) {
    return calls.call(method, outTradeNo, () -> answer(action));
  }

  /** What a library call's result or failure means. */
  private static <T> ChannelCalls.Answer<T> answer(Supplier<T> action) {
    try {
      return new ChannelCalls.Answer<>(ChannelOutcome.done(action.get()), "OK");
    } catch (ServiceException e) {
      String code = e.getErrorCode();
      String detail = e.getHttpStatusCode() + "/" + code;
      return new ChannelCalls.Answer<>(
          WechatRefusals.unknown(e.getHttpStatusCode(), code)
              ? ChannelOutcome.unknown("channel error " + detail)
              : ChannelOutcome.refused(WechatRefusals.of(code), code, e.getErrorMessage()),
          detail);
    } catch (V2Failure failure) {
      WxPayException e = failure.cause;
      String code = e.getErrCode();
      String detail = "v2 " + e.getReturnCode() + "/" + e.getResultCode() + "/" + code;
      return new ChannelCalls.Answer<>(
          code == null || WechatRefusals.unknownV2(code)
              ? ChannelOutcome.unknown("channel error " + detail)
              : ChannelOutcome.refused(WechatRefusals.of(code), code, e.getErrCodeDes()),
          detail);
    } catch (RuntimeException e) {
      // Timeouts, I/O, unverifiable or unreadable replies: the effect is not known.
      String detail = "sdk: " + ChannelCalls.rootCause(e);
      return new ChannelCalls.Answer<>(ChannelOutcome.unknown(detail), detail);
    }
  }

  /** An APIv2 call through WxJava: its exceptions carry WeChat's err_code, or nothing on I/O. */
  private <T> ChannelOutcome<T> callV2(String method, String outTradeNo, V2Action<T> action) {
    return call(
        method,
        outTradeNo,
        () -> {
          try {
            return action.run();
          } catch (WxPayException e) {
            throw new V2Failure(e);
          }
        });
  }

  @FunctionalInterface
  private interface V2Action<T> {
    T run() throws WxPayException;
  }

  /** Carries a WxJava failure through {@link #call}, which classifies it. */
  private static final class V2Failure extends RuntimeException {
    private final transient WxPayException cause;

    V2Failure(WxPayException cause) {
      super(null, null, false, false);
      this.cause = cause;
    }
  }

  private static long fen(Money amount) {
    if (!CURRENCY.equals(amount.currency())) {
      throw new IllegalArgumentException(
          "WeChat Pay charges " + CURRENCY + ", not " + amount.currency());
    }
    return amount.minorUnits();
  }

  private static String description(String subject) {
    String text = subject == null || subject.isBlank() ? "PayOnce" : subject;
    return clip(text, DESCRIPTION_MAX);
  }

  private static String clip(String text, int max) {
    return text.length() <= max ? text : text.substring(0, text.offsetByCodePoints(0, max - 1));
  }

  private static long nz(Long value) {
    return value == null ? 0 : value;
  }
}
