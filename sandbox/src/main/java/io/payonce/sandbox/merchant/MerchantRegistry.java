package io.payonce.sandbox.merchant;

import java.security.PublicKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Who may call one simulated channel: its merchants (Alipay apps, WeChat Pay mchids) by id, each
 * with the public key its requests are verified with, parsed once. A later registration of an id
 * replaces the earlier one. The channel's registry says what a merchant is and logs its
 * registrations in its own words.
 */
public abstract class MerchantRegistry<M> {

  private final Map<String, M> merchants = new ConcurrentHashMap<>();
  private final Map<String, PublicKey> keys = new ConcurrentHashMap<>();
  private final AtomicLong version = new AtomicLong();

  /** Adds or replaces a merchant (and says so in the log). */
  public abstract void register(M merchant);

  /** Files the merchant under its id, with the key its requests verify with. */
  protected void put(String id, M merchant, PublicKey key) {
    keys.put(id, key);
    merchants.put(id, merchant);
    version.incrementAndGet();
  }

  public Optional<M> find(String id) {
    return Optional.ofNullable(id == null ? null : merchants.get(id));
  }

  public Optional<PublicKey> key(String id) {
    return Optional.ofNullable(id == null ? null : keys.get(id));
  }

  public Collection<M> all() {
    return List.copyOf(merchants.values());
  }

  /** Increases with every registration, so persistence knows when to write. */
  public long version() {
    return version.get();
  }
}
