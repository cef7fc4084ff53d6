package io.payonce.server.alipay;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How to reach Alipay. URLs may hold {@code ${local.server.port}}: they are resolved at the first
 * call, once the embedded server knows its port, so the embedded sandbox works on a random port
 * too.
 *
 * @param gatewayUrl Alipay's gateway, e.g. https://openapi.alipay.com/gateway.do (no query string)
 * @param appId the merchant's app id
 * @param privateKey the merchant's RSA private key, PKCS#8 Base64 without PEM armour; blank in the
 *     embedded profile, where a key pair is generated and registered with the sandbox
 * @param alipayPublicKey Alipay's platform public key (X.509 Base64), never the merchant's own
 * @param sellerId the merchant's 2088… partner id; when set, notifies for another seller are
 *     refused
 * @param notifyUrl where Alipay posts asynchronous notifications: the public URL of {@code
 *     /pay/alipay/notify} for the whole deployment (behind a load balancer, the load balancer's),
 *     never derived from one instance's port. Required; only the embedded profile sets one.
 * @param sandboxUrl a standalone sandbox's base URL; when set and no keys are configured, PayOnce
 *     registers a generated key pair with it at start-up (tests and demos only)
 */
@ConfigurationProperties("payonce.alipay")
public record AlipayProperties(
    @DefaultValue("https://openapi.alipay.com/gateway.do") String gatewayUrl,
    @DefaultValue("2021000000000001") String appId,
    String privateKey,
    String alipayPublicKey,
    String sellerId,
    String notifyUrl,
    String sandboxUrl,
    @DefaultValue("3s") Duration connectTimeout,
    @DefaultValue("15s") Duration readTimeout) {

  boolean hasKeys() {
    return privateKey != null
        && !privateKey.isBlank()
        && alipayPublicKey != null
        && !alipayPublicKey.isBlank();
  }

  /**
   * The properties of a stored configuration's account: its app id, keys and seller, with this
   * deployment's gateway, notify URL, sandbox and timeouts.
   *
   * @param settings the fields {@link AlipaySettingsFormat} wrote
   */
  AlipayProperties forAccount(java.util.Map<String, String> settings) {
    return new AlipayProperties(
        gatewayUrl,
        settings.get(AlipaySettingsFormat.APP_ID),
        settings.get(AlipaySettingsFormat.PRIVATE_KEY),
        settings.get(AlipaySettingsFormat.ALIPAY_PUBLIC_KEY),
        settings.get(AlipaySettingsFormat.SELLER_ID),
        notifyUrl,
        sandboxUrl,
        connectTimeout,
        readTimeout);
  }

  /** Never prints a key. */
  @Override
  public String toString() {
    return "AlipayProperties[appId="
        + appId
        + ", sellerId="
        + sellerId
        + ", hasKeys="
        + hasKeys()
        + "]";
  }
}
