package io.payonce.sandbox.wechat.oauth;

import io.payonce.sandbox.SandboxResettable;
import io.payonce.sandbox.wechat.WechatIds;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The official accounts whose pages may ask WeChat who the buyer is (appid → AppSecret, registered
 * with a merchant), and the sign-in codes handed out: each good for one exchange within 5 minutes,
 * as WeChat's. A WeChat user has one openid per account; the sandbox's user is named by the {@code
 * sandbox_wechat_user} cookie, the default user paying as {@link WechatIds#DEFAULT_OPENID}.
 */
@Component
public class OfficialAccounts implements SandboxResettable {

  static final Duration CODE_LIFETIME = Duration.ofMinutes(5);

  private static final Logger log = LoggerFactory.getLogger(OfficialAccounts.class);
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Map<String, byte[]> secrets = new ConcurrentHashMap<>();
  private final Map<String, Grant> codes = new ConcurrentHashMap<>();

  /** A code handed to the buyer's browser: for whom, under which account, until when. */
  record Grant(String appid, String openid, String scope, Instant expiresAt) {}

  /** Adds or replaces an account's AppSecret; the secret is never logged nor answered. */
  public void register(String appid, String secret) {
    if (appid == null || appid.isBlank() || secret == null || secret.isBlank()) {
      throw new IllegalArgumentException("appid and appSecret are required");
    }
    secrets.put(appid, secret.getBytes(StandardCharsets.UTF_8));
    log.info("sandbox_wechat_official_account_registered appid={}", appid);
  }

  public boolean isKnown(String appid) {
    return appid != null && secrets.containsKey(appid);
  }

  boolean secretMatches(String appid, String secret) {
    byte[] expected = appid == null ? null : secrets.get(appid);
    return expected != null
        && secret != null
        && MessageDigest.isEqual(expected, secret.getBytes(StandardCharsets.UTF_8));
  }

  /** A new one-time code for {@code user} under {@code appid}. */
  String grant(String appid, String user, String scope, Instant now) {
    byte[] bytes = new byte[24];
    RANDOM.nextBytes(bytes);
    String code = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    codes.put(code, new Grant(appid, openid(appid, user), scope, now.plus(CODE_LIFETIME)));
    return code;
  }

  /** Takes a code: it answers once, whatever follows. */
  Optional<Grant> take(String code) {
    return code == null ? Optional.empty() : Optional.ofNullable(codes.remove(code));
  }

  /**
   * The openid of the sandbox's WeChat user {@code user} under the account {@code appid}: the
   * default user (none named) is {@link WechatIds#DEFAULT_OPENID}, the one the wallet pays as; any
   * other has an id of its own per account, as WeChat gives.
   */
  public static String openid(String appid, String user) {
    if (user == null || user.isBlank()) {
      return WechatIds.DEFAULT_OPENID;
    }
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest((appid + "/" + user).getBytes(StandardCharsets.UTF_8));
      return "o" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, 27);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void reset() {
    codes.clear();
  }
}
