package io.payonce.server.alipay;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * For a command that runs without the web server ({@code payonce.offline-command=true}, e.g. {@code
 * reconcile --file}) where no Alipay account is configured (the embedded demo): a throwaway key
 * pair and notify URL, so that the context starts. Such a command reads files and needs no channel;
 * a channel call it might make (a duplicate payment's refund) fails as "unknown" and is completed
 * later by the server's refund janitor. Any configured value wins.
 */
public class OfflineCommandKeys implements EnvironmentPostProcessor, Ordered {

  static final String OFFLINE = "payonce.offline-command";

  /** Before the check of required settings, which then finds these. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE - 1;
  }

  @Override
  public void postProcessEnvironment(
      ConfigurableEnvironment environment, SpringApplication application) {
    if (!environment.getProperty(OFFLINE, Boolean.class, false)
        || environment.containsProperty("payonce.alipay.private-key")) {
      return;
    }
    KeyPair keys;
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      keys = generator.generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    Base64.Encoder base64 = Base64.getEncoder();
    environment
        .getPropertySources()
        .addLast(
            new MapPropertySource(
                "payonce-offline-alipay",
                Map.of(
                    "payonce.alipay.private-key",
                    base64.encodeToString(keys.getPrivate().getEncoded()),
                    "payonce.alipay.alipay-public-key",
                    base64.encodeToString(keys.getPublic().getEncoded()),
                    // Only precreate and barcode pay send a notify URL; such a command makes
                    // neither.
                    "payonce.alipay.notify-url",
                    "http://127.0.0.1/offline-command-sends-no-notify-url")));
  }
}
