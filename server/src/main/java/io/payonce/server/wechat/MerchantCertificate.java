package io.payonce.server.wechat;

import io.payonce.server.channel.InvalidChannelSettingsException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The merchant API certificate WeChat Pay issues ({@code apiclient_cert.p12}, password: the mchid),
 * given Base64: checked that it opens and holds a key with its certificate, and described by what
 * an operator may see (fingerprint, expiry), never by its key.
 */
final class MerchantCertificate {

  private MerchantCertificate() {}

  /** The PKCS#12 bytes; a stored configuration's were checked by {@link #describe}. */
  static byte[] bytes(String base64) {
    return Base64.getMimeDecoder().decode(base64);
  }

  /**
   * The certificate's fingerprint and expiry.
   *
   * @throws InvalidChannelSettingsException naming {@code field} if it is not such a certificate
   */
  static Map<String, String> describe(String base64, String mchid, String field) {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(new ByteArrayInputStream(bytes(base64)), mchid.toCharArray());
      for (String alias : Collections.list(store.aliases())) {
        if (store.isKeyEntry(alias)
            && store.getCertificate(alias) instanceof X509Certificate x509) {
          Map<String, String> summary = new LinkedHashMap<>();
          summary.put(
              "v2CertificateFingerprint",
              "SHA256:"
                  + HexFormat.of()
                      .formatHex(MessageDigest.getInstance("SHA-256").digest(x509.getEncoded())));
          summary.put("v2CertificateNotAfter", x509.getNotAfter().toInstant().toString());
          return summary;
        }
      }
    } catch (IllegalArgumentException | IOException | GeneralSecurityException e) {
      // Not Base64, not PKCS#12, or another password: all the same to the caller.
    }
    throw new InvalidChannelSettingsException(
        field,
        "must be the merchant API certificate (PKCS#12, Base64) whose password is the mchid");
  }
}
