package io.payonce.server.webhook;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Delivery of the apps' webhooks ({@code payonce.webhooks.*}). Where each app's events go is the
 * app's own setting (its webhook URL and secret; the bootstrap app's come from {@code
 * payonce.events.webhook.url} and {@code .secret}), or an order's {@code notifyUrl}.
 *
 * @param dispatch whether this instance posts deliveries at all (any number of instances may: each
 *     delivery is leased to one at a time)
 * @param interval the pause between dispatcher passes when nothing was due
 * @param batch at most how many deliveries one pass claims
 * @param lease how long a claimed delivery is kept from other instances; longer than {@code
 *     timeout}, so that only a crashed (or stalled) instance's deliveries are taken over
 * @param timeout connect and read timeout of one POST
 * @param concurrency how many POSTs one instance has in flight at most
 * @param perAppConcurrency how many of those may be for one app: a slow or dead merchant URL holds
 *     at most this many, the others keep flowing; it also caps one app's POSTs on an instance at
 *     this many per round trip (16 at 100 ms: 160 a second)
 * @param prefetch how many claimed deliveries per app slot may wait on an instance for a slot, so
 *     that one claim (and one read of the app's secret) serves many POSTs; 0 claims only what
 *     starts at once. Each waits at most {@code prefetch} timeouts, so {@code (prefetch + 1) ×
 *     timeout} must stay below {@code lease}: a waiting delivery is never taken over while held.
 *     Unset, it is 10 (the most the default 60 s lease and 5 s timeout allow), or the most the
 *     lease allows when that is less (a lease of 10 s with a timeout of 3 s allows 2): shortening
 *     the lease never stops an instance from starting; set beyond what the lease allows, it does.
 *     {@code perAppConcurrency × (1 + prefetch)} (176 by default) is also how many deliveries of
 *     one app the relay's hand-off writes already leased to this instance: it should hold what one
 *     busy app's events fill a relay pass with, else the rest are written unclaimed and claimed
 *     again
 * @param retrySchedule the waits after the 1st, 2nd, … failed attempt; when it is exhausted the
 *     delivery is parked and an alarm raised
 * @param refusePrivateAddresses also refuse destinations that are, or resolve to, loopback or
 *     private addresses, and names that do not resolve (SSRF guard; off by default because
 *     merchants often receive webhooks inside their own network; link-local, wildcard and multicast
 *     destinations are refused either way)
 */
@ConfigurationProperties("payonce.webhooks")
public record WebhookProperties(
    @DefaultValue("true") boolean dispatch,
    @DefaultValue("500ms") Duration interval,
    @DefaultValue("100") int batch,
    @DefaultValue("60s") Duration lease,
    @DefaultValue("5s") Duration timeout,
    @DefaultValue("64") int concurrency,
    @DefaultValue("16") int perAppConcurrency,
    Integer prefetch,
    @DefaultValue({"15s", "1m", "5m", "30m", "2h", "6h", "12h"}) List<Duration> retrySchedule,
    @DefaultValue("false") boolean refusePrivateAddresses) {

  public WebhookProperties {
    if (lease.compareTo(timeout) <= 0) {
      throw new IllegalStateException("payonce.webhooks.lease must be longer than its timeout");
    }
    if (concurrency < 1 || perAppConcurrency < 1 || batch < 1) {
      throw new IllegalStateException("payonce.webhooks concurrency and batch must be positive");
    }
    if (prefetch == null) {
      prefetch = Math.min(DEFAULT_PREFETCH, mostPrefetchWithin(lease, timeout));
    }
    if (prefetch < 0 || timeout.multipliedBy(prefetch + 1L).compareTo(lease) >= 0) {
      throw new IllegalStateException(
          "payonce.webhooks.prefetch must be >= 0 and (prefetch + 1) x timeout below the lease");
    }
    retrySchedule = List.copyOf(retrySchedule);
  }

  /** The prefetch when none is set and the lease allows it. */
  static final int DEFAULT_PREFETCH = 10;

  /** The largest prefetch whose {@code (prefetch + 1) × timeout} stays below the lease. */
  static int mostPrefetchWithin(Duration lease, Duration timeout) {
    long timeouts = (lease.toNanos() + timeout.toNanos() - 1) / timeout.toNanos();
    return (int) Math.max(0, timeouts - 2);
  }

  /**
   * The wait before the next attempt after {@code failures} failed attempts since the delivery was
   * armed, or null when the schedule is exhausted (the delivery is parked).
   */
  Duration backoffAfter(int failures) {
    return failures >= 1 && failures <= retrySchedule.size()
        ? retrySchedule.get(failures - 1)
        : null;
  }
}
