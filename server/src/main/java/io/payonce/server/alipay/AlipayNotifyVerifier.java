package io.payonce.server.alipay;

import com.alipay.api.internal.util.AlipaySignature;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.payonce.server.app.StoredAccounts;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelNotice;
import io.payonce.server.channel.TradeState;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * Step one of every notify: the signature (sign and sign_type excluded, RSA2), then that the notify
 * is for our app and seller, then that its fields parse. Only a notice that passes all three is
 * handed on.
 */
public class AlipayNotifyVerifier {

  private final AlipayAccounts accounts;

  // Alipay's public keys, parsed once each: the SDK's rsaCheckV1 parses the X.509 key on every
  // call, an eighth of a notify's CPU. Keyed by the key's text, so a changed key is parsed anew.
  private final Cache<String, PublicKey> publicKeys =
      Caffeine.newBuilder().maximumSize(StoredAccounts.MAX_ACCOUNTS + 1L).build();

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
      ChannelNotice notice, String configKey, Rejection rejection, String detail, boolean signed) {
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
      if (!signatureVerifies(params, channel.alipayPublicKey())) {
        return rejected(Rejection.BAD_SIGNATURE, "signature does not verify");
      }
    } catch (GeneralSecurityException | RuntimeException e) {
      return rejected(Rejection.BAD_SIGNATURE, "signature unreadable");
    }
    if (!channel.appId().equals(params.get("app_id"))) {
      return signedButRefused(Rejection.APP_ID_MISMATCH, "app_id " + params.get("app_id"));
    }
    String sellerId = channel.sellerId();
    if (sellerId != null && !sellerId.isBlank() && !sellerId.equals(params.get("seller_id"))) {
      return signedButRefused(Rejection.APP_ID_MISMATCH, "seller_id " + params.get("seller_id"));
    }
    try {
      return new Verification(parse(params), bound.configKey(), null, null, true);
    } catch (RuntimeException e) {
      return signedButRefused(Rejection.MALFORMED, e.getMessage());
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

  /** Refused before its signature was known to be Alipay's: anyone could have sent it. */
  private static Verification rejected(Rejection rejection, String detail) {
    return new Verification(null, null, rejection, detail, false);
  }

  /** Refused although Alipay signed it: a configuration problem worth an alarm every time. */
  private static Verification signedButRefused(Rejection rejection, String detail) {
    return new Verification(null, null, rejection, detail, true);
  }

  /**
   * RSA2 (SHA256withRSA) over the SDK's own sign-check content (every parameter but sign and
   * sign_type, sorted, {@code k=v} joined by {@code &}), as {@code AlipaySignature.rsaCheckV1}
   * does, with the parsed key kept.
   */
  private boolean signatureVerifies(Map<String, String> params, String alipayPublicKey)
      throws GeneralSecurityException {
    // getSignCheckContentV1 removes sign and sign_type from the map it is given.
    String content = AlipaySignature.getSignCheckContentV1(new HashMap<>(params));
    Signature rsa2 = Signature.getInstance("SHA256withRSA");
    rsa2.initVerify(publicKeys.get(alipayPublicKey, AlipayNotifyVerifier::parsePublicKey));
    rsa2.update(content.getBytes(StandardCharsets.UTF_8));
    // The sign strictly (no skipped characters), as the SDK's codec takes it; the key leniently,
    // as configured keys often carry line breaks.
    return rsa2.verify(Base64.getDecoder().decode(params.get("sign")));
  }

  private static PublicKey parsePublicKey(String base64) {
    try {
      return KeyFactory.getInstance("RSA")
          .generatePublic(new X509EncodedKeySpec(Base64.getMimeDecoder().decode(base64)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Alipay's public key does not parse", e);
    }
  }
}
