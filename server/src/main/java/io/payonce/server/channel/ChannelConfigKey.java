package io.payonce.server.channel;

/**
 * Names a channel configuration: the account (an Alipay app, a WeChat Pay merchant) and keys a
 * channel call is made with. {@link #BOOTSTRAP} is the one configured in properties ({@code
 * payonce.alipay.*}, {@code payonce.wechat.*}); every other key names a stored configuration of an
 * app.
 */
public final class ChannelConfigKey {

  /** The configuration of the deployment's properties, which needs no database row. */
  public static final String BOOTSTRAP = "bootstrap";

  private ChannelConfigKey() {}

  /** Whether the key names the properties' configuration (null: a payment made before V61). */
  public static boolean isBootstrap(String configKey) {
    return configKey == null || BOOTSTRAP.equals(configKey);
  }

  /** The key, or {@link #BOOTSTRAP} for none. */
  public static String orBootstrap(String configKey) {
    return configKey == null ? BOOTSTRAP : configKey;
  }
}
