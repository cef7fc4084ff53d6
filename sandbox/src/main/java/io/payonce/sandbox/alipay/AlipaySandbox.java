package io.payonce.sandbox.alipay;

import org.springframework.stereotype.Component;

/** What an embedding server needs from the simulated Alipay: app registration and the keys. */
@Component
public class AlipaySandbox {

  public static final String GATEWAY_PATH = "/sandbox/alipay/gateway.do";

  private final AlipayApps apps;
  private final AlipayPlatformKey platformKey;

  AlipaySandbox(AlipayApps apps, AlipayPlatformKey platformKey) {
    this.apps = apps;
    this.platformKey = platformKey;
  }

  /**
   * Lets {@code appId} call the gateway with requests signed by the private half of {@code
   * merchantPublicKeyBase64} (X.509, Base64). A null seller id gets a stable generated one.
   */
  public void registerApp(String appId, String merchantPublicKeyBase64, String sellerId) {
    apps.register(new AlipayApp(appId, merchantPublicKeyBase64, sellerId));
  }

  /** The key to configure as the client's {@code alipayPublicKey} (X.509, Base64). */
  public String platformPublicKeyBase64() {
    return platformKey.publicKeyBase64();
  }

  /** The gateway path relative to the host's root; prefix it with the host's base URL. */
  public String gatewayPath() {
    return GATEWAY_PATH;
  }
}
