package io.payonce.sandbox.alipay;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.PlatformKeyPair;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.charset.Charset;
import java.security.KeyPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The sandbox's own "Alipay platform" key pair, which signs every response and notify. Configured,
 * or generated on first start and kept in {@code dataDir/alipay-platform-key.properties}.
 *
 * <p>Every server that talks to this sandbox is configured with its public key, so a different key
 * after a restart makes them reject every reply and notify: the start-up log says where the key
 * lives and its {@link RsaKeys#fingerprint fingerprint}, which the server logs too.
 */
@Component
public class AlipayPlatformKey {

  static final String FILE_NAME = "alipay-platform-key.properties";

  private static final Logger log = LoggerFactory.getLogger(AlipayPlatformKey.class);

  private final KeyPair pair;

  AlipayPlatformKey(SandboxProperties properties) {
    SandboxProperties.Alipay alipay = properties.getAlipay();
    PlatformKeyPair loaded =
        PlatformKeyPair.load(
            alipay.getPlatformPublicKey(),
            alipay.getPlatformPrivateKey(),
            properties.getDataDir(),
            FILE_NAME);
    this.pair = loaded.pair();
    if (loaded.configured()) {
      log.info(
          "sandbox_platform_key source=configured"
              + " properties=payonce.sandbox.alipay.platform-private-key,platform-public-key"
              + " fingerprint={}",
          fingerprint());
    } else {
      log.info(
          "sandbox_platform_key source=file file={} created={} fingerprint={}",
          loaded.file(),
          loaded.created(),
          fingerprint());
    }
  }

  public String publicKeyBase64() {
    return RsaKeys.encode(pair.getPublic());
  }

  /** The public key's {@link RsaKeys#fingerprint fingerprint}, safe to log and to show. */
  public String fingerprint() {
    return RsaKeys.fingerprint(pair.getPublic());
  }

  public String sign(String content, Charset charset) {
    return RsaKeys.sign(content, charset, pair.getPrivate());
  }
}
