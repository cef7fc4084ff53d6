package io.payonce.server.app;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.payonce.server.channel.ChannelConfigKey;
import java.util.Optional;
import java.util.function.BiFunction;
import org.springframework.beans.factory.ObjectProvider;

/**
 * One channel's accounts by configuration key: the bootstrap account (properties) and one per
 * stored configuration, built from its settings by the channel, cached (bounded) and rebuilt when
 * the configuration's version changes.
 *
 * @param <A> what the channel builds for an account: its adapter, or its clients and adapter
 */
public final class StoredAccounts<A> {

  /** Accounts kept at once; one past it is rebuilt at its next use. */
  public static final int MAX_ACCOUNTS = 500;

  private final A bootstrap;
  private final ObjectProvider<ChannelConfigs> configs;
  private final BiFunction<String, ChannelSettings, A> build;
  private final Cache<String, Built<A>> built =
      Caffeine.newBuilder().maximumSize(MAX_ACCOUNTS).build();

  private record Built<A>(long version, A account) {}

  /**
   * @param build makes the account of a configuration key from its settings
   */
  public StoredAccounts(
      A bootstrap,
      ObjectProvider<ChannelConfigs> configs,
      BiFunction<String, ChannelSettings, A> build) {
    this.bootstrap = bootstrap;
    this.configs = configs;
    this.build = build;
  }

  /** The account of a configuration key: the bootstrap one for its key, else a stored one. */
  public Optional<A> account(String configKey) {
    if (ChannelConfigKey.isBootstrap(configKey)) {
      return Optional.of(bootstrap);
    }
    Optional<Long> version = stored().flatMap(c -> c.version(configKey));
    if (version.isEmpty()) {
      return Optional.empty();
    }
    // compute: one build per configuration at a time, so a sandbox never sees two key sets race.
    Built<A> current =
        built
            .asMap()
            .compute(
                configKey,
                (key, old) -> old != null && old.version() == version.get() ? old : build(key));
    return Optional.ofNullable(current).map(Built::account);
  }

  /** The stored configurations; none where the apps module is not wired (a channel-only slice). */
  public Optional<ChannelConfigs> stored() {
    return Optional.ofNullable(configs.getIfAvailable());
  }

  private Built<A> build(String configKey) {
    return stored()
        .flatMap(c -> c.settings(configKey))
        .map(settings -> new Built<>(settings.version(), build.apply(configKey, settings)))
        .orElse(null);
  }
}
