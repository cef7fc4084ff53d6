package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.keys.RsaKeys;
import io.payonce.sandbox.wechat.WechatMerchant;
import io.payonce.sandbox.wechat.WechatMerchants;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks {@code Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",
 * timestamp="…",serial_no="…"} exactly as WeChat does: SHA256withRSA over {@code
 * METHOD\nURL\ntimestamp\nnonce\nbody\n} with the key registered for the mchid and serial_no, the
 * timestamp within the tolerance of real time. Every failure is a 401 SIGN_ERROR (400
 * MCH_NOT_EXISTS for an unknown merchant).
 *
 * <p>URL is what the client signed: the path below {@code /sandbox/wechat} (an SDK whose requests
 * an interceptor moved here signed {@code /v3/...}) or, for a client pointed at the full sandbox
 * URL, the path as received; the query as received either way.
 */
final class Authentication {

  static final String SCHEMA = "WECHATPAY2-SHA256-RSA2048";
  private static final Pattern PAIR = Pattern.compile("\\s*([a-z_]+)=\"([^\"]*)\"\\s*");
  private static final List<String> REQUIRED =
      List.of("mchid", "nonce_str", "signature", "timestamp", "serial_no");

  private final WechatMerchants merchants;
  private final Clock realTime;
  private final Duration tolerance;

  Authentication(WechatMerchants merchants, Clock realTime, Duration tolerance) {
    this.merchants = merchants;
    this.realTime = realTime;
    this.tolerance = tolerance;
  }

  WechatMerchant verify(V3Request request) {
    String header = request.authorization();
    if (header == null || header.isBlank()) {
      throw V3Failure.signError("Http头缺少Authorization，请参考《微信支付商户REST API签名规则》");
    }
    int space = header.indexOf(' ');
    if (space < 0 || !header.substring(0, space).equals(SCHEMA)) {
      throw V3Failure.signError("不支持的认证类型，仅支持 " + SCHEMA);
    }
    Map<String, String> token = pairs(header.substring(space + 1));
    for (String name : REQUIRED) {
      if (token.get(name) == null || token.get(name).isEmpty()) {
        throw V3Failure.signError("Authorization 缺少参数 " + name);
      }
    }
    WechatMerchant merchant =
        merchants
            .find(token.get("mchid"))
            .orElseThrow(() -> new V3Failure(400, "MCH_NOT_EXISTS", "商户号不存在"));
    if (!merchant.serialNo().equalsIgnoreCase(token.get("serial_no"))) {
      throw V3Failure.signError("商户证书序列号有误。请使用签名私钥匹配的证书序列号");
    }
    checkFresh(token.get("timestamp"));
    PublicKey key = merchants.key(merchant.mchid()).orElseThrow();
    String signature = token.get("signature");
    for (String url :
        List.of(request.withQuery(request.apiPath()), request.withQuery(request.path()))) {
      String message = message(request, url, token);
      if (RsaKeys.verify(message, StandardCharsets.UTF_8, signature, key)) {
        return merchant;
      }
    }
    throw new V3Failure(401, "SIGN_ERROR", "签名错误，请检查后再试", signInformation(request, token));
  }

  private void checkFresh(String timestamp) {
    long seconds;
    try {
      seconds = Long.parseLong(timestamp);
    } catch (NumberFormatException e) {
      throw V3Failure.signError("Authorization 中的 timestamp 格式错误");
    }
    Duration skew = Duration.between(Instant.ofEpochSecond(seconds), realTime.instant()).abs();
    if (skew.compareTo(tolerance) > 0) {
      throw V3Failure.signError("Authorization 中的 timestamp 与当前时间相差超过 5 分钟，请检查系统时间");
    }
  }

  private static String message(V3Request request, String url, Map<String, String> token) {
    return request.method()
        + "\n"
        + url
        + "\n"
        + token.get("timestamp")
        + "\n"
        + token.get("nonce_str")
        + "\n"
        + request.body()
        + "\n";
  }

  private static Map<String, Object> signInformation(V3Request request, Map<String, String> token) {
    String expected = message(request, request.withQuery(request.apiPath()), token);
    Map<String, Object> information = new LinkedHashMap<>();
    information.put("method", request.method());
    information.put("url", request.withQuery(request.apiPath()));
    information.put("sign_message_length", expected.length());
    information.put(
        "truncated_sign_message", expected.substring(0, Math.min(expected.length(), 200)));
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("field", "signature");
    detail.put("location", "authorization");
    detail.put("issue", "sign not match");
    detail.put("sign_information", information);
    return detail;
  }

  /** The {@code k="v"} pairs of the token, in any order. */
  static Map<String, String> pairs(String token) {
    Map<String, String> pairs = new HashMap<>();
    for (String part : token.split(",")) {
      Matcher matcher = PAIR.matcher(part);
      if (matcher.matches()) {
        pairs.put(matcher.group(1), matcher.group(2));
      }
    }
    return pairs;
  }
}
