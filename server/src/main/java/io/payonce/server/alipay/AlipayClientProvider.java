package io.payonce.server.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.AlipayConfig;
import com.alipay.api.DefaultAlipayClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.Environment;

/**
 * Builds the SDK client, and with a sandbox gets its keys, at the first use rather than at
 * start-up, because the embedded sandbox's URL holds the server's port, which is known (and
 * answers) only once the web server has started.
 */
class AlipayClientProvider {

  private static final Logger log = LoggerFactory.getLogger(AlipayClientProvider.class);

  private final AlipayProperties props;
  private final Environment environment;
  private volatile AlipayKeys keys;
  private volatile AlipayClient client;
  private volatile String notifyUrl;

  AlipayClientProvider(AlipayProperties props, Environment environment) {
    this.props = props;
    this.environment = environment;
  }

  /** The merchant's and Alipay's keys, resolved once. */
  AlipayKeys keys() {
    AlipayKeys current = keys;
    if (current == null) {
      synchronized (this) {
        if (keys == null) {
          String sandboxUrl =
              !props.hasKeys() && AlipayKeysResolver.hasSandbox(props)
                  ? environment.resolveRequiredPlaceholders(props.sandboxUrl())
                  : null;
          AlipayKeys resolved = AlipayKeysResolver.resolve(props, sandboxUrl);
          // The sandbox (and an operator, for Alipay's key) logs the same fingerprint: a mismatch
          // is why every reply and notify would fail verification.
          log.info(
              "alipay_platform_key expected_fingerprint={} app_id={}",
              AlipayKeys.fingerprint(
                  resolved.alipayPublicKey(), "payonce.alipay.alipay-public-key"),
              props.appId());
          keys = resolved;
        }
        current = keys;
      }
    }
    return current;
  }

  AlipayClient client() {
    AlipayClient current = client;
    if (current == null) {
      synchronized (this) {
        if (client == null) {
          client = build();
        }
        current = client;
      }
    }
    return current;
  }

  String notifyUrl() {
    String current = notifyUrl;
    if (current == null) {
      current = environment.resolveRequiredPlaceholders(props.notifyUrl());
      notifyUrl = current;
    }
    return current;
  }

  String appId() {
    return props.appId();
  }

  String sellerId() {
    return props.sellerId();
  }

  String alipayPublicKey() {
    return keys().alipayPublicKey();
  }

  private AlipayClient build() {
    AlipayConfig config = new AlipayConfig();
    config.setServerUrl(environment.resolveRequiredPlaceholders(props.gatewayUrl()));
    config.setAppId(props.appId());
    AlipayKeys keys = keys();
    config.setPrivateKey(keys.merchantPrivateKey());
    config.setAlipayPublicKey(keys.alipayPublicKey());
    config.setFormat("json");
    config.setCharset("UTF-8");
    config.setSignType("RSA2");
    config.setConnectTimeout((int) props.connectTimeout().toMillis());
    config.setReadTimeout((int) props.readTimeout().toMillis());
    try {
      return new DefaultAlipayClient(config);
    } catch (AlipayApiException e) {
      throw new IllegalStateException("the Alipay client cannot be built: " + e.getErrMsg(), e);
    }
  }
}
