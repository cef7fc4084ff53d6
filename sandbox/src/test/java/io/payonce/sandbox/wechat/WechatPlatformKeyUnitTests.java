package io.payonce.sandbox.wechat;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.file.Path;
import java.security.KeyPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@ExtendWith(OutputCaptureExtension.class)
class WechatPlatformKeyUnitTests {

  @TempDir Path dataDir;

  @Test
  void generatesTheKeyOnceWithAStableIdAndLogsItsFingerprint(CapturedOutput output) {
    SandboxProperties properties = new SandboxProperties();
    properties.setDataDir(dataDir);

    WechatPlatformKey first = new WechatPlatformKey(properties);
    WechatPlatformKey restarted = new WechatPlatformKey(properties);

    assertThat(restarted.publicKeyBase64()).isEqualTo(first.publicKeyBase64());
    assertThat(restarted.publicKeyId())
        .isEqualTo(first.publicKeyId())
        .matches("PUB_KEY_ID_\\d{32}");
    assertThat(output)
        .contains("created=true public_key_id=" + first.publicKeyId())
        .contains("created=false public_key_id=" + first.publicKeyId())
        .contains("fingerprint=" + first.fingerprint());
  }

  @Test
  void aConfiguredKeyAndIdAreUsedAsGiven() {
    KeyPair pair = RsaKeys.generate();
    SandboxProperties properties = new SandboxProperties();
    properties.setDataDir(dataDir);
    properties.getWechat().setPlatformPublicKey(RsaKeys.encode(pair.getPublic()));
    properties.getWechat().setPlatformPrivateKey(RsaKeys.encode(pair.getPrivate()));
    properties.getWechat().setPublicKeyId("PUB_KEY_ID_0114232134912410000000000000000");

    WechatPlatformKey key = new WechatPlatformKey(properties);

    assertThat(key.publicKeyBase64()).isEqualTo(RsaKeys.encode(pair.getPublic()));
    assertThat(key.publicKeyId()).isEqualTo("PUB_KEY_ID_0114232134912410000000000000000");
    assertThat(key.publicKeyPem()).startsWith("-----BEGIN PUBLIC KEY-----\n");
  }
}
