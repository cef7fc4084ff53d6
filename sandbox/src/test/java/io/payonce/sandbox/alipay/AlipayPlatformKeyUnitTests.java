package io.payonce.sandbox.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.keys.RsaKeys;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.KeyPair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@ExtendWith(OutputCaptureExtension.class)
class AlipayPlatformKeyUnitTests {

  @TempDir Path dataDir;

  @Test
  void generatesTheKeyOnceAndLogsWhereItLivesAndItsFingerprint(CapturedOutput output) {
    AlipayPlatformKey first = new AlipayPlatformKey(properties(dataDir));
    AlipayPlatformKey restarted = new AlipayPlatformKey(properties(dataDir));

    Path file = dataDir.resolve(AlipayPlatformKey.FILE_NAME).toAbsolutePath();
    assertThat(restarted.publicKeyBase64()).isEqualTo(first.publicKeyBase64());
    assertThat(output)
        .contains(
            "sandbox_platform_key source=file file="
                + file
                + " created=true fingerprint="
                + first.fingerprint())
        .contains(
            "sandbox_platform_key source=file file="
                + file
                + " created=false fingerprint="
                + first.fingerprint())
        .doesNotContain(first.publicKeyBase64());
    assertThat(first.fingerprint())
        .isEqualTo(RsaKeys.fingerprint(RsaKeys.publicKey(first.publicKeyBase64())));
  }

  @Test
  void logsARelativeDataDirAsTheAbsolutePathItResolvesTo(CapturedOutput output) {
    Path relative = Path.of("target", "platform-key-" + System.nanoTime());

    new AlipayPlatformKey(properties(relative));

    assertThat(output)
        .contains("file=" + relative.resolve(AlipayPlatformKey.FILE_NAME).toAbsolutePath());
  }

  @Test
  void aConfiguredKeyIsUsedAsGivenWithItsFingerprintAndNothingIsWritten(CapturedOutput output) {
    KeyPair pair = RsaKeys.generate();
    SandboxProperties properties = properties(dataDir);
    properties.getAlipay().setPlatformPublicKey(RsaKeys.encode(pair.getPublic()));
    properties.getAlipay().setPlatformPrivateKey(RsaKeys.encode(pair.getPrivate()));

    AlipayPlatformKey key = new AlipayPlatformKey(properties);

    assertThat(key.publicKeyBase64()).isEqualTo(RsaKeys.encode(pair.getPublic()));
    assertThat(output)
        .contains("source=configured")
        .contains("fingerprint=" + RsaKeys.fingerprint(pair.getPublic()))
        .doesNotContain(RsaKeys.encode(pair.getPrivate()));
    assertThat(dataDir.resolve(AlipayPlatformKey.FILE_NAME)).doesNotExist();
  }

  @Test
  void theKeyFileIsReadableByItsOwnerOnly() throws Exception {
    assumeThat(FileSystems.getDefault().supportedFileAttributeViews()).contains("posix");

    new AlipayPlatformKey(properties(dataDir));

    assertThat(Files.getPosixFilePermissions(dataDir.resolve(AlipayPlatformKey.FILE_NAME)))
        .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
    try (var left = Files.list(dataDir)) {
      assertThat(left).as("no temporary file is left behind").hasSize(1);
    }
  }

  private static SandboxProperties properties(Path dataDir) {
    SandboxProperties properties = new SandboxProperties();
    properties.setDataDir(dataDir);
    return properties;
  }
}
