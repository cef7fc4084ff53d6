package io.payonce.server.wechat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.binarywang.wxpay.config.WxPayConfig;
import io.payonce.server.channel.ChannelSettingsFormat.ParsedSettings;
import io.payonce.server.channel.InvalidChannelSettingsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stored WeChat merchant may carry its API certificate (apiclient_cert.p12, password the mchid)
 * for APIv2 reverse's mutual TLS: it is checked when stored, described by fingerprint and expiry
 * only, and is what the merchant's APIv2 client builds its TLS context from.
 */
class MerchantCertificateUnitTests {

  private static final String MCHID = "1900000777";

  @TempDir Path dir;

  @Test
  void aStoredMerchantsCertificateIsCheckedDescribedAndKept() throws Exception {
    String certificate = p12(MCHID);

    ParsedSettings parsed = format().parse(fields(certificate));

    assertThat(parsed.settings()).containsEntry(WechatSettingsFormat.V2_CERTIFICATE, certificate);
    assertThat(parsed.summary().get("v2CertificateFingerprint")).startsWith("SHA256:");
    assertThat(parsed.summary()).containsKey("v2CertificateNotAfter");
    assertThat(parsed.summary().values()).noneMatch(value -> value.contains(certificate));
  }

  @Test
  void refusesACertificateThatDoesNotOpenWithTheMchid() throws Exception {
    for (String bad : List.of(p12("another-password"), "not base64 !!", "AAAA")) {
      assertThatThrownBy(() -> format().parse(fields(bad)))
          .isInstanceOf(InvalidChannelSettingsException.class)
          .hasMessageContaining(WechatSettingsFormat.V2_CERTIFICATE);
    }
  }

  @Test
  void theMerchantsApiV2ClientBuildsItsTlsContextFromTheStoredCertificate() throws Exception {
    byte[] certificate = MerchantCertificate.bytes(p12(MCHID));
    WxPayConfig config = new WxPayConfig();
    config.setMchId(MCHID);
    config.setKeyContent(certificate);

    assertThat(config.initSSLContext()).isNotNull();
  }

  private static WechatSettingsFormat format() {
    return new WechatSettingsFormat(
        new WechatProperties(
            true,
            "1900000001",
            "wx8888888888888888",
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            "http://127.0.0.1:1/sandbox",
            Duration.ofSeconds(3),
            Duration.ofSeconds(10),
            Duration.ofMinutes(5),
            null,
            null,
            null));
  }

  private static Map<String, String> fields(String certificate) {
    return Map.of(
        WechatSettingsFormat.MCHID,
        MCHID,
        WechatSettingsFormat.APPID,
        "wx7777777777777777",
        WechatSettingsFormat.V2_CERTIFICATE,
        certificate);
  }

  /** A PKCS#12 key store made by the JDK's keytool, as WeChat Pay hands one out. */
  private String p12(String password) throws Exception {
    Path file = dir.resolve(password + ".p12");
    Process keytool =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair",
                "-alias",
                "apiclient",
                "-keyalg",
                "RSA",
                "-keysize",
                "2048",
                "-dname",
                "CN=" + MCHID,
                "-validity",
                "365",
                "-storetype",
                "PKCS12",
                "-keystore",
                file.toString(),
                "-storepass",
                password,
                "-keypass",
                password)
            .redirectErrorStream(true)
            .start();
    assertThat(keytool.waitFor()).as(new String(keytool.getInputStream().readAllBytes())).isZero();
    return Base64.getEncoder().encodeToString(Files.readAllBytes(file));
  }
}
