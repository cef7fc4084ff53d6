package io.payonce.sandbox.alipay;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.PersistentKeyPair;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.charset.Charset;
import java.security.KeyPair;
import org.springframework.stereotype.Component;

/**
 * The sandbox's own "Alipay platform" key pair, which signs every response and notify. Configured,
 * or generated on first start and kept in {@code dataDir/alipay-platform-key.properties}.
 */
@Component
public class AlipayPlatformKey {

  private final KeyPair pair;

  AlipayPlatformKey(SandboxProperties properties) {
    SandboxProperties.Alipay alipay = properties.getAlipay();
    this.pair =
        alipay.getPlatformPrivateKey() != null
            ? PersistentKeyPair.of(alipay.getPlatformPublicKey(), alipay.getPlatformPrivateKey())
            : PersistentKeyPair.loadOrCreate(
                properties.getDataDir().resolve("alipay-platform-key.properties"));
  }

  public String publicKeyBase64() {
    return RsaKeys.encode(pair.getPublic());
  }

  public String sign(String content, Charset charset) {
    return RsaKeys.sign(content, charset, pair.getPrivate());
  }
}
