package io.payonce.sandbox.wechat;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.PemKeys;
import io.payonce.sandbox.keys.PlatformKeyPair;
import io.payonce.sandbox.keys.RsaKeys;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PublicKey;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The sandbox's "WeChat Pay public key" pair and its id ({@code PUB_KEY_ID_...}): it signs every
 * APIv3 response and notify, which merchants verify in public-key mode. Configured, or generated on
 * first start and kept in {@code dataDir/wechat-platform-key.properties}; the id is derived from
 * the key, so the same key always has the same id.
 */
@Component
public class WechatPlatformKey {

  static final String FILE_NAME = "wechat-platform-key.properties";

  private static final Logger log = LoggerFactory.getLogger(WechatPlatformKey.class);

  private final KeyPair pair;
  private final String publicKeyId;

  WechatPlatformKey(SandboxProperties properties) {
    SandboxProperties.Wechat wechat = properties.getWechat();
    PlatformKeyPair loaded =
        PlatformKeyPair.load(
            wechat.getPlatformPublicKey(),
            wechat.getPlatformPrivateKey(),
            properties.getDataDir(),
            FILE_NAME);
    this.pair = loaded.pair();
    this.publicKeyId = idOr(wechat.getPublicKeyId(), pair.getPublic());
    if (loaded.configured()) {
      log.info(
          "sandbox_wechat_public_key source=configured"
              + " properties=payonce.sandbox.wechat.platform-private-key,platform-public-key"
              + " public_key_id={} fingerprint={}",
          publicKeyId,
          fingerprint());
    } else {
      log.info(
          "sandbox_wechat_public_key source=file file={} created={} public_key_id={}"
              + " fingerprint={}",
          loaded.file(),
          loaded.created(),
          publicKeyId,
          fingerprint());
    }
  }

  /** {@code PUB_KEY_ID_} and 32 digits taken from the key's SHA-256. */
  static String derivedId(PublicKey key) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
      BigInteger digits = new BigInteger(1, digest).mod(BigInteger.TEN.pow(30));
      return "PUB_KEY_ID_01" + String.format("%030d", digits);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is unavailable", e);
    }
  }

  private static String idOr(String configured, PublicKey key) {
    return configured == null || configured.isBlank() ? derivedId(key) : configured;
  }

  public String publicKeyId() {
    return publicKeyId;
  }

  public String publicKeyBase64() {
    return RsaKeys.encode(pair.getPublic());
  }

  public String publicKeyPem() {
    return PemKeys.pem(pair.getPublic());
  }

  public String fingerprint() {
    return RsaKeys.fingerprint(pair.getPublic());
  }

  /** Base64 SHA256withRSA over the UTF-8 bytes of {@code message}. */
  public String sign(String message) {
    return RsaKeys.sign(message, StandardCharsets.UTF_8, pair.getPrivate());
  }
}
