package io.payonce.server.channel.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.AlipayConfig;
import com.alipay.api.DefaultAlipayClient;
import org.springframework.core.env.Environment;

/**
 * Builds the SDK client at its first use rather than at start-up, because the embedded sandbox's
 * URL holds the server's port, which is known only once the web server has started.
 */
class AlipayClientProvider {

  private final AlipayProperties props;
  private final AlipayKeys keys;
  private final Environment environment;
  private volatile AlipayClient client;
  private volatile String notifyUrl;

  AlipayClientProvider(AlipayProperties props, AlipayKeys keys, Environment environment) {
    this.props = props;
    this.keys = keys;
    this.environment = environment;
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
    return keys.alipayPublicKey();
  }

  private AlipayClient build() {
    AlipayConfig config = new AlipayConfig();
    config.setServerUrl(environment.resolveRequiredPlaceholders(props.gatewayUrl()));
    config.setAppId(props.appId());
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
