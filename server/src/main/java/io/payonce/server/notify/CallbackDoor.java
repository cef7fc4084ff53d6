package io.payonce.server.notify;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The door of the callbacks: whoever can reach a callback URL can make PayOnce verify what they
 * send (an APIv2 XML notify costs tens of milliseconds), so a source that sends more deliveries
 * that prove nothing (unsigned, forged, unreadable) than {@code perMinute} in a minute is answered
 * the protocol's failure reply before anything is read, until its budget refills. A source that
 * delivered a verified notify within the last {@code trustFor} is never held at the door: the
 * channel's real deliveries, and their retries, spend nothing and are never refused here. A source
 * is the client's address as the server sees it — behind a load balancer, configure forwarded
 * headers ({@code server.forward-headers-strategy}), or every sender is the balancer.
 */
final class CallbackDoor {

  /** Sources kept at once; a flood from more addresses than this is bounded by alarms anyway. */
  private static final int MAX_SOURCES = 10_000;

  private final int perMinute;
  private final Duration trustFor;
  private final TimeMeter time;
  private final Cache<String, Source> sources;

  CallbackDoor(int perMinute, Duration trustFor, TimeMeter time) {
    this.perMinute = perMinute;
    this.trustFor = trustFor;
    this.time = time;
    this.sources =
        Caffeine.newBuilder()
            .maximumSize(MAX_SOURCES)
            .expireAfterAccess(
                trustFor.compareTo(Duration.ofMinutes(1)) > 0 ? trustFor : Duration.ofMinutes(1))
            .build();
  }

  /** Whether a delivery from {@code source} is read at all. */
  boolean admits(String source) {
    Source known = sources.getIfPresent(key(source));
    return known == null || known.trusted(now(), trustFor) || known.budget.getAvailableTokens() > 0;
  }

  /** A delivery from {@code source} proved nothing: it spends from the source's budget. */
  void unproven(String source) {
    Source known = sources.get(key(source), k -> new Source(bucket()));
    if (!known.trusted(now(), trustFor)) {
      known.budget.tryConsume(1);
    }
  }

  /** A delivery from {@code source} verified: the source is the channel's for a while. */
  void verified(String source) {
    sources.get(key(source), k -> new Source(bucket())).lastVerified.set(now());
  }

  private Instant now() {
    return Instant.ofEpochSecond(0, time.currentTimeNanos());
  }

  /** An IPv6 sender owns its whole /64: one key for it, so changing addresses buys nothing. */
  static String key(String source) {
    if (source == null || source.indexOf(':') < 0) {
      return source == null ? "" : source;
    }
    try {
      // An IPv6 literal (it has a colon): its format is checked, no name is looked up.
      byte[] address = java.net.InetAddress.getByName(source.replaceFirst("%.*$", "")).getAddress();
      return address.length == 16
          ? java.util.HexFormat.of().formatHex(address, 0, 8) + "/64"
          : source;
    } catch (java.net.UnknownHostException e) {
      return source;
    }
  }

  private Bucket bucket() {
    return Bucket.builder()
        .addLimit(
            limit -> limit.capacity(perMinute).refillIntervally(perMinute, Duration.ofMinutes(1)))
        .withCustomTimePrecision(time)
        .build();
  }

  private record Source(Bucket budget, AtomicReference<Instant> lastVerified) {
    Source(Bucket budget) {
      this(budget, new AtomicReference<>(Instant.MIN));
    }

    boolean trusted(Instant now, Duration trustFor) {
      Instant last = lastVerified.get();
      return last != Instant.MIN && !now.isAfter(last.plus(trustFor));
    }
  }
}
