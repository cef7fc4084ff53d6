package io.payonce.bench;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Base64;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The "Alipay platform" key pair of a bench run: configured into the in-process sandbox, so that
 * the server trusts it, and used here to sign notifies the way Alipay does (reference §2.1): every
 * parameter except sign and sign_type, sorted, empty values dropped, {@code k=v&...} with raw
 * values, SHA256withRSA, Base64.
 */
final class PlatformKeys {

  private final KeyPair pair;

  private PlatformKeys(KeyPair pair) {
    this.pair = pair;
  }

  static PlatformKeys generate() throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
    generator.initialize(2048);
    return new PlatformKeys(generator.generateKeyPair());
  }

  /** PKCS#8, Base64 without armour: what {@code platform-private-key} takes. */
  String privateKeyBase64() {
    return Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded());
  }

  /** X.509, Base64 without armour: what {@code platform-public-key} takes. */
  String publicKeyBase64() {
    return Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
  }

  /** The notify as a form body, signed. */
  String signedForm(Map<String, String> params) throws GeneralSecurityException {
    Map<String, String> sorted = new TreeMap<>(params);
    sorted.remove("sign");
    sorted.remove("sign_type");
    StringJoiner content = new StringJoiner("&");
    sorted.forEach(
        (k, v) -> {
          if (v != null && !v.isEmpty()) {
            content.add(k + "=" + v);
          }
        });
    Signature rsa = Signature.getInstance("SHA256withRSA");
    rsa.initSign(pair.getPrivate());
    rsa.update(content.toString().getBytes(StandardCharsets.UTF_8));
    Map<String, String> signed = new TreeMap<>(params);
    signed.put("sign_type", "RSA2");
    signed.put("sign", Base64.getEncoder().encodeToString(rsa.sign()));
    StringJoiner form = new StringJoiner("&");
    signed.forEach(
        (k, v) ->
            form.add(
                URLEncoder.encode(k, StandardCharsets.UTF_8)
                    + "="
                    + URLEncoder.encode(v, StandardCharsets.UTF_8)));
    return form.toString();
  }
}
