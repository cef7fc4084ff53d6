package io.payonce.server.app;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelSettingsFormat;
import java.net.URI;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * The operator's verbs on apps (the admin API {@code /ops/api/apps} and the console call these):
 * make, list, disable, rotate secrets, set webhooks, and put or remove an app's channel
 * configurations. Secrets are answered only once, when made; channel keys never (fingerprints
 * only). Each change is logged without any secret.
 */
@Service
public class AppAdmin {

  private static final Logger log = LoggerFactory.getLogger(AppAdmin.class);

  /** The longest webhook URL: the column's width, and webhook.NotifyUrls' limit. */
  static final int MAX_URL = 512;

  /** A webhook secret's shortest length: it is the HMAC key that proves a delivery is ours. */
  public static final int MIN_WEBHOOK_SECRET = 16;

  private static final java.util.regex.Pattern WEBHOOK_SECRET =
      java.util.regex.Pattern.compile("[\\x21-\\x7E]{" + MIN_WEBHOOK_SECRET + ",256}");

  private final Apps apps;
  private final ChannelConfigs configs;
  private final Map<Channel, ChannelSettingsFormat> formats = new EnumMap<>(Channel.class);

  AppAdmin(Apps apps, ChannelConfigs configs, List<ChannelSettingsFormat> formats) {
    this.apps = apps;
    this.configs = configs;
    formats.forEach(format -> this.formats.put(format.channel(), format));
  }

  /**
   * The fields an account of the channel is set with (its settings format's), in form order; none
   * for a channel not enabled here.
   */
  public List<String> channelFields(Channel channel) {
    ChannelSettingsFormat format = formats.get(channel);
    return format == null ? List.of() : format.fields();
  }

  /** A new active app; its secret is in the answer and nowhere else in the clear. */
  public AppCredentials create(String name) {
    if (name == null || name.isBlank() || name.length() > 128) {
      throw new InvalidAppFieldException("name", "required, at most 128 characters");
    }
    AppCredentials made = apps.create(name.strip());
    log.info("app created appId={} from=ops", made.appId());
    return made;
  }

  public List<AppView> list() {
    return apps.all().stream().map(this::view).toList();
  }

  /**
   * @throws AppNotFoundException if there is no such app
   */
  public AppView get(String appId) {
    return view(existing(appId));
  }

  public AppView setStatus(String appId, AppStatus status) {
    existing(appId);
    apps.setStatus(appId, status);
    log.info("app status appId={} status={}", appId, status);
    return get(appId);
  }

  /** A fresh secret (the older of two active ones is revoked); answered once. */
  public AppCredentials rotate(String appId) {
    existing(appId);
    AppCredentials rotated = apps.rotate(appId);
    log.info("app secret rotated appId={}", appId);
    return rotated;
  }

  /**
   * Where the app's events go and what they are signed with; a blank url removes the webhook.
   *
   * @throws InvalidAppFieldException if the url is not an absolute http(s) URL a delivery may be
   *     posted to (no user info, no fragment, at most {@link #MAX_URL} characters: the rules
   *     webhook.NotifyUrls applies again before every POST), or a url comes without its secret
   *     ({@link #MIN_WEBHOOK_SECRET} to 256 visible ASCII characters)
   */
  public AppView setWebhook(String appId, String url, String secret) {
    existing(appId);
    String target = url == null || url.isBlank() ? null : url.strip();
    if (target != null && !isHttpUrl(target)) {
      throw new InvalidAppFieldException(
          "url",
          "must be an absolute http(s) URL of at most "
              + MAX_URL
              + " characters, without user info or fragment");
    }
    if (target != null && (secret == null || secret.isBlank())) {
      // Deliveries are never sent unsigned: a URL without a secret would drop every event.
      throw new InvalidAppFieldException("secret", "is required with a url");
    }
    if (target != null && !WEBHOOK_SECRET.matcher(secret).matches()) {
      throw new InvalidAppFieldException(
          "secret",
          "must be " + MIN_WEBHOOK_SECRET + " to 256 visible ASCII characters, without spaces");
    }
    apps.setWebhook(appId, target, target == null ? null : secret);
    // The query string may carry the merchant's own token: never logged.
    log.info("app webhook set appId={} url={}", appId, AppView.withoutQuery(target));
    return get(appId);
  }

  /**
   * Makes these settings the app's configuration of the channel: checked by the channel's format
   * (400 when a key does not parse), stored encrypted.
   *
   * @throws ChannelAccountTakenException if the account is another app's
   */
  public ChannelConfig putChannel(String appId, Channel channel, Map<String, String> fields) {
    existing(appId);
    ChannelSettingsFormat format = formats.get(channel);
    if (format == null) {
      throw new InvalidAppFieldException("channel", channel + " is not enabled here");
    }
    ChannelConfig config = configs.put(appId, channel, format.parse(fields));
    log.info(
        "app channel configured appId={} channel={} configKey={} account={} version={}",
        appId,
        channel,
        config.configKey(),
        config.accountId(),
        config.version());
    return config;
  }

  public Optional<ChannelConfig> channel(String appId, Channel channel) {
    existing(appId);
    return configs.current(appId, channel);
  }

  /** Ends the app's configuration of the channel; false when it had none. */
  public boolean removeChannel(String appId, Channel channel) {
    existing(appId);
    boolean removed = configs.remove(appId, channel);
    log.info("app channel removed appId={} channel={} removed={}", appId, channel, removed);
    return removed;
  }

  private MerchantApp existing(String appId) {
    return apps.find(appId).orElseThrow(() -> new AppNotFoundException(appId));
  }

  private AppView view(MerchantApp app) {
    return new AppView(
        app.appId(),
        app.name(),
        app.status(),
        app.webhookUrl(),
        apps.hasWebhookSecret(app.appId()),
        configs.servedByBootstrap(app.appId()),
        configs.ofApp(app.appId()));
  }

  private static boolean isHttpUrl(String url) {
    if (url.length() > MAX_URL) {
      return false;
    }
    try {
      URI uri = URI.create(url);
      return uri.isAbsolute()
          && uri.getHost() != null
          && uri.getRawUserInfo() == null
          && uri.getRawFragment() == null
          && ("http".equalsIgnoreCase(uri.getScheme())
              || "https".equalsIgnoreCase(uri.getScheme()));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }
}
