package io.payonce.server.channel.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.internal.util.AlipaySignature;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelNotice;
import io.payonce.server.channel.TradeState;
import java.util.HashMap;
import java.util.Map;

/**
 * Step one of every notify: the signature (sign and sign_type excluded, RSA2), then that the notify
 * is for our app and seller, then that its fields parse. Only a notice that passes all three is
 * handed on.
 */
public class AlipayNotifyVerifier {

  private final AlipayAccounts accounts;

  AlipayNotifyVerifier(AlipayAccounts accounts) {
    this.accounts = accounts;
  }

  /** Why a notify was refused before it could touch any state. */
  public enum Rejection {
    BAD_SIGNATURE,
    APP_ID_MISMATCH,
    MALFORMED
  }

  /**
   * Either a verified notice (with the key of the configuration whose app_id it names and whose
   * keys verified it) or the reason it was refused.
   */
  public record Verification(
      ChannelNotice notice, String configKey, Rejection rejection, String detail) {
    public boolean verified() {
      return notice != null;
    }
  }

  public Verification verify(Map<String, String> params) {
    if (params.get("sign") == null || params.get("sign").isBlank()) {
      return rejected(Rejection.BAD_SIGNATURE, "no sign");
    }
    // Routed by the app_id it names: verified with that configuration's keys, or refused.
    AlipayAccounts.Bound bound = accounts.byAppId(params.get("app_id")).orElse(null);
    if (bound == null) {
      return rejected(Rejection.APP_ID_MISMATCH, "app_id " + params.get("app_id"));
    }
    AlipayChannel channel = bound.channel();
    try {
      // rsaCheckV1 removes sign and sign_type from the map it is given.
      boolean valid =
          AlipaySignature.rsaCheckV1(
              new HashMap<>(params), channel.alipayPublicKey(), "UTF-8", "RSA2");
      if (!valid) {
        return rejected(Rejection.BAD_SIGNATURE, "signature does not verify");
      }
    } catch (AlipayApiException | RuntimeException e) {
      return rejected(Rejection.BAD_SIGNATURE, "signature unreadable");
    }
    if (!channel.appId().equals(params.get("app_id"))) {
      return rejected(Rejection.APP_ID_MISMATCH, "app_id " + params.get("app_id"));
    }
    String sellerId = channel.sellerId();
    if (sellerId != null && !sellerId.isBlank() && !sellerId.equals(params.get("seller_id"))) {
      return rejected(Rejection.APP_ID_MISMATCH, "seller_id " + params.get("seller_id"));
    }
    try {
      return new Verification(parse(params), bound.configKey(), null, null);
    } catch (RuntimeException e) {
      return rejected(Rejection.MALFORMED, e.getMessage());
    }
  }

  private static ChannelNotice parse(Map<String, String> p) {
    String outTradeNo = required(p, "out_trade_no");
    String tradeNo = required(p, "trade_no");
    String status = required(p, "trade_status");
    TradeState state = AlipayTradeStatus.toState(status);
    long total = AlipayAmounts.fromYuan(required(p, "total_amount"));
    String outBizNo = blankToNull(p.get("out_biz_no"));
    long refunded = p.get("refund_fee") == null ? 0 : AlipayAmounts.fromYuan(p.get("refund_fee"));
    String eventKey = tradeNo + ":" + status + (outBizNo == null ? "" : ":" + outBizNo);
    return new ChannelNotice(
        Channel.ALIPAY.name(),
        eventKey,
        p.get("notify_id"),
        outTradeNo,
        tradeNo,
        state,
        total,
        p.get("buyer_id"),
        state.paid() ? AlipayTime.parse(p.get("gmt_payment")) : null,
        outBizNo,
        refunded);
  }

  private static String required(Map<String, String> p, String name) {
    String value = blankToNull(p.get(name));
    if (value == null) {
      throw new IllegalArgumentException("missing " + name);
    }
    return value;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }

  private static Verification rejected(Rejection rejection, String detail) {
    return new Verification(null, null, rejection, detail);
  }
}
