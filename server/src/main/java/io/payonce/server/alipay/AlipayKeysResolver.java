package io.payonce.server.alipay;

import io.payonce.server.channel.SandboxEnrollment;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides where the keys come from: configuration in production; with {@code
 * payonce.alipay.sandbox-url} (the embedded profile points it at the server's own port, where the
 * in-process sandbox is mounted), a generated merchant key pair registered with that sandbox over
 * HTTP — so the server's code never links to the sandbox's, which production leaves out. Production
 * configuration never touches a sandbox.
 */
final class AlipayKeysResolver {

  private static final Logger log = LoggerFactory.getLogger(AlipayKeysResolver.class);

  private AlipayKeysResolver() {}

  /** Whether keys can be had at all: checked at start-up, so a misconfiguration fails fast. */
  static void requireSource(AlipayProperties props) {
    if (!props.hasKeys() && !hasSandbox(props)) {
      throw new IllegalStateException(
          "Alipay is not configured: set payonce.alipay.private-key and"
              + " payonce.alipay.alipay-public-key (or payonce.alipay.sandbox-url for a sandbox)");
    }
  }

  /**
   * The keys; with a sandbox, registers the merchant with it first (the embedded one answers only
   * once the web server is up, so this runs at the first use, not at start-up).
   *
   * @param sandboxUrl the sandbox's base URL, placeholders resolved
   */
  static AlipayKeys resolve(AlipayProperties props, String sandboxUrl) {
    if (props.hasKeys()) {
      return new AlipayKeys(props.privateKey(), null, props.alipayPublicKey());
    }
    return registerWithSandbox(props, sandboxUrl);
  }

  static boolean hasSandbox(AlipayProperties props) {
    return props.sandboxUrl() != null && !props.sandboxUrl().isBlank();
  }

  private static AlipayKeys merchantKeys(AlipayProperties props, String platformKey) {
    boolean configured = props.privateKey() != null && !props.privateKey().isBlank();
    return configured
        ? AlipayKeys.fromPrivateKey(props.privateKey(), platformKey)
        : AlipayKeys.generateForSandbox(platformKey);
  }

  private static AlipayKeys registerWithSandbox(AlipayProperties props, String sandboxUrl) {
    SandboxEnrollment sandbox = new SandboxEnrollment(sandboxUrl);
    String platformKey = sandbox.read("/sandbox/alipay/platform-key").path("publicKey").asString();
    AlipayKeys keys = merchantKeys(props, platformKey);
    Map<String, String> app =
        new LinkedHashMap<>(Map.of("appId", props.appId(), "publicKey", keys.merchantPublicKey()));
    if (props.sellerId() != null) {
      app.put("sellerId", props.sellerId());
    }
    sandbox.register("/sandbox/alipay/apps", app, "app registration");
    log.info(
        "alipay keys=sandbox registered=sandbox url={} appId={}", sandbox.base(), props.appId());
    return keys;
  }
}
