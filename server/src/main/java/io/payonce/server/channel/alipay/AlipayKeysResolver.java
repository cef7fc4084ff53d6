package io.payonce.server.channel.alipay;

import io.payonce.sandbox.alipay.AlipaySandbox;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * Decides where the keys come from: configuration in production; in the embedded profile, a
 * generated merchant key pair registered with the in-process sandbox; with {@code
 * payonce.alipay.sandbox-url}, the same with a standalone sandbox over HTTP. Production
 * configuration never touches a sandbox.
 */
final class AlipayKeysResolver {

  private static final Logger log = LoggerFactory.getLogger(AlipayKeysResolver.class);
  private static final JsonMapper json = JsonMapper.builder().build();

  private AlipayKeysResolver() {}

  static AlipayKeys resolve(AlipayProperties props, AlipaySandbox embeddedSandbox) {
    if (props.hasKeys()) {
      return new AlipayKeys(props.privateKey(), null, props.alipayPublicKey());
    }
    if (embeddedSandbox != null) {
      AlipayKeys keys = merchantKeys(props, embeddedSandbox.platformPublicKeyBase64());
      embeddedSandbox.registerApp(props.appId(), keys.merchantPublicKey(), props.sellerId());
      log.info("alipay keys=generated registered=embedded-sandbox appId={}", props.appId());
      return keys;
    }
    if (props.sandboxUrl() != null && !props.sandboxUrl().isBlank()) {
      return registerWithStandaloneSandbox(props);
    }
    throw new IllegalStateException(
        "Alipay is not configured: set payonce.alipay.private-key and payonce.alipay.alipay-public-key"
            + " (or enable the embedded sandbox with payonce.sandbox.enabled=true)");
  }

  private static AlipayKeys merchantKeys(AlipayProperties props, String platformKey) {
    boolean configured = props.privateKey() != null && !props.privateKey().isBlank();
    return configured
        ? AlipayKeys.fromPrivateKey(props.privateKey(), platformKey)
        : AlipayKeys.generateForSandbox(platformKey);
  }

  private static AlipayKeys registerWithStandaloneSandbox(AlipayProperties props) {
    String base = props.sandboxUrl().replaceAll("/+$", "");
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    try {
      HttpResponse<String> keyResponse =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/sandbox/alipay/platform-key"))
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      String platformKey = json.readTree(keyResponse.body()).path("publicKey").asString();
      AlipayKeys keys = merchantKeys(props, platformKey);
      Map<String, String> app =
          new java.util.LinkedHashMap<>(
              Map.of("appId", props.appId(), "publicKey", keys.merchantPublicKey()));
      if (props.sellerId() != null) {
        app.put("sellerId", props.sellerId());
      }
      HttpResponse<String> registered =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/sandbox/alipay/apps"))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(app)))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (registered.statusCode() / 100 != 2) {
        throw new IllegalStateException(
            "the sandbox at " + base + " refused the app registration: " + registered.statusCode());
      }
      log.info("alipay keys=generated registered=standalone-sandbox url={}", base);
      return keys;
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot reach the sandbox at " + base, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while registering with the sandbox", e);
    }
  }
}
