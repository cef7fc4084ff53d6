package io.payonce.sandbox.keys;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Locale;

/**
 * Public keys as WeChat Pay merchants hand them over: PEM ({@code PUBLIC KEY} or a {@code
 * CERTIFICATE}, whose serial is the {@code serial_no} the merchant signs with) or bare Base64.
 */
public final class PemKeys {

  private PemKeys() {}

  /** A merchant's key, and the certificate serial when it came as a certificate (else null). */
  public record MerchantKey(PublicKey key, String certificateSerial) {}

  /** Throws IllegalArgumentException when the text is neither a public key nor a certificate. */
  public static MerchantKey read(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("a public key is required");
    }
    if (text.contains("BEGIN CERTIFICATE")) {
      try {
        X509Certificate certificate =
            (X509Certificate)
                CertificateFactory.getInstance("X.509")
                    .generateCertificate(
                        new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)));
        return new MerchantKey(
            certificate.getPublicKey(),
            certificate.getSerialNumber().toString(16).toUpperCase(Locale.ROOT));
      } catch (GeneralSecurityException | RuntimeException e) {
        throw new IllegalArgumentException("not a PEM X.509 certificate");
      }
    }
    return new MerchantKey(RsaKeys.publicKey(stripArmour(text)), null);
  }

  /** The key as PEM ({@code -----BEGIN PUBLIC KEY-----}, 64 characters a line). */
  public static String pem(PublicKey key) {
    String base64 =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(key.getEncoded());
    return "-----BEGIN PUBLIC KEY-----\n" + base64 + "\n-----END PUBLIC KEY-----\n";
  }

  private static String stripArmour(String text) {
    return text.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
  }
}
