package io.payonce.sandbox.wechat;

import io.payonce.sandbox.keys.RsaKeys;
import io.payonce.sandbox.web.SandboxProblem;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.util.Locale;
import org.springframework.http.HttpStatus;

/**
 * What the WeChat app does alike for every product whose parameters the merchant signed for the
 * buyer's side (the JS bridge, the app SDK): it checks the signature over the parameters' lines
 * with the key the merchant registered, and refuses in the caller's own words — a problem whose
 * type starts with the product's prefix ({@code bridge-…}, {@code app-…}) and whose detail starts
 * as the caller's failure does ({@code get_brand_wcpay_request:fail}, {@code errCode -1}).
 */
public final class SignedPayerCall {

  private final String prefix;
  private final String failure;
  private final WechatMerchants merchants;

  public SignedPayerCall(String prefix, String failure, WechatMerchants merchants) {
    this.prefix = prefix;
    this.failure = failure;
    this.merchants = merchants;
  }

  /**
   * Checks {@code sign}, RSA-SHA256 by the merchant {@code mchid} over {@code lines}, each ended by
   * a line feed (WeChat's rule for paySign and the app's sign).
   */
  public void verify(String mchid, String sign, String... lines) {
    PublicKey key =
        merchants
            .key(mchid)
            .orElseThrow(() -> refused(HttpStatus.FORBIDDEN, "merchant-unknown", "商户不存在"));
    StringBuilder message = new StringBuilder();
    for (String line : lines) {
      message.append(line).append('\n');
    }
    if (!RsaKeys.verify(message.toString(), StandardCharsets.UTF_8, sign, key)) {
      throw refused(HttpStatus.BAD_REQUEST, "signature-invalid", "支付验证签名失败");
    }
  }

  /** A refusal of the caller's making: {@code <prefix>-<what>}. */
  public SandboxProblem refused(HttpStatus status, String what, String detail) {
    return new SandboxProblem(status, prefix + "-" + what, failure + " " + detail);
  }

  /** The ledger's refusal, by its WeChat code. */
  public SandboxProblem refused(WechatRefused e) {
    HttpStatus status = HttpStatus.resolve(e.refusal().httpStatus());
    return refused(
        status == null ? HttpStatus.CONFLICT : status,
        e.refusal().code().toLowerCase(Locale.ROOT).replace('_', '-'),
        e.refusal().code() + ": " + e.getMessage());
  }

  public static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
