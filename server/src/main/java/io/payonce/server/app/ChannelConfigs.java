package io.payonce.server.app;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.channel.ChannelSettingsFormat.ParsedSettings;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * The apps' channel configurations: which account (Alipay app, WeChat Pay merchant) and keys each
 * app's payments are made with. The settings are one document per configuration, encrypted under
 * the master key with the configuration's key as associated data; only the channel adapters get
 * them in the clear ({@link #settings}). A replaced configuration is kept (not current): the
 * payments made under it are still queried, closed and refunded with it.
 *
 * <p>Apps without a configuration of their own for a channel: the bootstrap app, the legacy app of
 * orders made before apps existed, and the embedded profile's demo app use the deployment's
 * properties ({@link ChannelConfigKey#BOOTSTRAP}); any other app is refused with {@link
 * ChannelNotConfiguredException} (a 409 problem, {@code channel-not-configured}).
 */
@Service
public class ChannelConfigs {

  /** The columns settings_enc and summary (V60). */
  private static final int MAX_SETTINGS = 8000;

  private static final int MAX_SUMMARY = 2000;

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final TypeReference<TreeMap<String, String>> MAP = new TypeReference<>() {};

  private final ChannelConfigRepository repository;
  private final SecretCipher cipher;
  private final AppProperties props;
  private final Clock clock;
  private final SecureRandom random = new SecureRandom();

  ChannelConfigs(
      ChannelConfigRepository repository, SecretCipher cipher, AppProperties props, Clock clock) {
    this.repository = repository;
    this.cipher = cipher;
    this.props = props;
    this.clock = clock;
  }

  /**
   * The configuration a new payment of the app on the channel is made under.
   *
   * @throws ChannelNotConfiguredException when the app has none and is not served by the bootstrap
   */
  @Transactional(readOnly = true)
  public String resolve(String appId, Channel channel) {
    Optional<ChannelConfigRepository.Row> current = repository.current(appId, channel);
    if (current.isPresent()) {
      return current.get().config().configKey();
    }
    if (servedByBootstrap(appId)) {
      return ChannelConfigKey.BOOTSTRAP;
    }
    throw new ChannelNotConfiguredException(appId, channel);
  }

  /** Whether the deployment's properties speak for the app where it has no configuration. */
  public boolean servedByBootstrap(String appId) {
    AppProperties.Bootstrap bootstrap = props.bootstrap();
    String bootstrapId =
        bootstrap != null && bootstrap.id() != null && !bootstrap.id().isBlank()
            ? bootstrap.id()
            : "legacy";
    return bootstrapId.equals(appId) || (props.demo() && AppProperties.DEMO_APP_ID.equals(appId));
  }

  /**
   * Makes {@code parsed} the app's configuration of the channel. The same account again updates its
   * row in place (new keys, same account: payments made under it go on with the new keys); a new
   * account gets a new row, and the former one is kept for its payments.
   *
   * @throws ChannelAccountTakenException if the account is another app's
   */
  @Transactional
  public ChannelConfig put(String appId, Channel channel, ParsedSettings parsed) {
    String settingsJson = JSON.writeValueAsString(new TreeMap<>(parsed.settings()));
    String summaryJson = JSON.writeValueAsString(new TreeMap<>(parsed.summary()));
    if (SecretCipher.sealedLength(settingsJson) > MAX_SETTINGS
        || summaryJson.length() > MAX_SUMMARY) {
      // Checked before any write: a key too large for its column is the caller's to shorten.
      throw new InvalidAppFieldException(
          "settings", "too large to store: use keys of at most 4096 bits");
    }
    Optional<ChannelConfigRepository.Row> existing =
        repository.byAccount(channel, parsed.accountId());
    if (existing.isPresent() && !existing.get().config().appId().equals(appId)) {
      throw new ChannelAccountTakenException(channel, parsed.accountId());
    }
    repository.retireCurrent(appId, channel, clock.instant());
    String configKey;
    try {
      if (existing.isPresent()) {
        configKey = existing.get().config().configKey();
        repository.updateSettings(
            configKey, cipher.encrypt(configKey, settingsJson), summaryJson, clock.instant());
      } else {
        configKey = "cc_" + HexFormat.of().formatHex(bytes(10));
        repository.insert(
            configKey,
            appId,
            channel,
            parsed.accountId(),
            cipher.encrypt(configKey, settingsJson),
            summaryJson,
            clock.instant());
      }
    } catch (DuplicateKeyException e) {
      // Another request took the account (or made the app's configuration) in between.
      throw new ChannelAccountTakenException(channel, parsed.accountId());
    }
    return repository.find(configKey).orElseThrow().config();
  }

  /**
   * Ends the app's configuration of the channel (kept for the payments made under it); false when
   * it had none.
   */
  @Transactional
  public boolean remove(String appId, Channel channel) {
    return repository.retireCurrent(appId, channel, clock.instant());
  }

  @Transactional(readOnly = true)
  public Optional<ChannelConfig> current(String appId, Channel channel) {
    return repository.current(appId, channel).map(ChannelConfigRepository.Row::config);
  }

  @Transactional(readOnly = true)
  public Optional<ChannelConfig> find(String configKey) {
    return repository.find(configKey).map(ChannelConfigRepository.Row::config);
  }

  /** The configuration whose account a notify names. */
  @Transactional(readOnly = true)
  public Optional<ChannelConfig> byAccount(Channel channel, String accountId) {
    return repository.byAccount(channel, accountId).map(ChannelConfigRepository.Row::config);
  }

  /** Every configuration of the app, current and former. */
  @Transactional(readOnly = true)
  public List<ChannelConfig> ofApp(String appId) {
    return repository.ofApp(appId).stream().map(ChannelConfigRepository.Row::config).toList();
  }

  /** Every stored configuration of the channel, current and former (their bills are separate). */
  @Transactional(readOnly = true)
  public List<ChannelConfig> ofChannel(Channel channel) {
    return repository.ofChannel(channel).stream().map(ChannelConfigRepository.Row::config).toList();
  }

  /** The configuration's version: a cached adapter built from an older one is rebuilt. */
  @Transactional(readOnly = true)
  public Optional<Long> version(String configKey) {
    return repository.version(configKey);
  }

  /** The settings in the clear: for the configuration's channel adapter only. */
  @Transactional(readOnly = true)
  public Optional<ChannelSettings> settings(String configKey) {
    return repository
        .find(configKey)
        .map(
            row ->
                new ChannelSettings(
                    configKey,
                    row.config().appId(),
                    row.config().accountId(),
                    row.config().version(),
                    readMap(cipher.decrypt(configKey, row.settingsEnc()))));
  }

  static Map<String, String> readMap(String json) {
    return json == null || json.isBlank() ? Map.of() : JSON.readValue(json, MAP);
  }

  private byte[] bytes(int n) {
    byte[] out = new byte[n];
    random.nextBytes(out);
    return out;
  }
}
