package io.payonce.chaos.cluster;

import java.time.Duration;
import java.util.List;

/**
 * The instances' timing settings, short so that janitors, leases and expiries play out within a
 * run; the checks derive "stuck" from the same values.
 */
public record Timings(
    Duration qrTtl,
    Duration callLease,
    Duration expiryMargin,
    Duration queryAfter,
    Duration queryInterval,
    Duration duplicateWait,
    Duration barcodeTtl,
    Duration barcodePollInterval,
    Duration barcodePollFor,
    Duration barcodeConfirmAfter,
    Duration janitorInterval,
    Duration janitorOlderThan,
    Duration janitorMaxBackoff,
    Duration refundRetryAfter,
    Duration refundJanitorInterval,
    Duration relayLease,
    Duration relayMaxBackoff,
    Duration idempotencyLease,
    Duration readTimeout,
    Duration maxSkew) {

  public static Timings of(Duration qrTtl) {
    // The expiry margin keeps production's proportion to the code's life (60 s of 15 min), so the
    // janitor's back-off (a tenth of a payment's age) outgrows it near expiry, as it does there.
    return new Timings(
        qrTtl,
        Duration.ofSeconds(8),
        Duration.ofMillis(Math.max(1_000, qrTtl.toMillis() / 15)),
        Duration.ofSeconds(3),
        Duration.ofSeconds(2),
        Duration.ofSeconds(2),
        qrTtl,
        Duration.ofMillis(500),
        Duration.ofSeconds(4),
        Duration.ofSeconds(2),
        Duration.ofSeconds(2),
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        Duration.ofSeconds(3),
        Duration.ofSeconds(2),
        Duration.ofSeconds(8),
        Duration.ofSeconds(4),
        Duration.ofSeconds(10),
        Duration.ofSeconds(4),
        Duration.ofMillis(Math.max(500, qrTtl.toMillis() / 20)));
  }

  /** The longest lease an instance holds: a pause longer than this lets others take over. */
  public Duration longestLease() {
    return List.of(callLease, relayLease, refundRetryAfter, idempotencyLease).stream()
        .max(Duration::compareTo)
        .orElseThrow();
  }

  /** The server properties these timings stand for. */
  public List<String> serverArgs() {
    return List.of(
        "--payonce.payment.qr-ttl=" + ms(qrTtl),
        "--payonce.payment.call-lease=" + ms(callLease),
        "--payonce.payment.expiry-margin=" + ms(expiryMargin),
        "--payonce.payment.query-after=" + ms(queryAfter),
        "--payonce.payment.query-interval=" + ms(queryInterval),
        "--payonce.payment.duplicate-wait=" + ms(duplicateWait),
        "--payonce.payment.barcode-ttl=" + ms(barcodeTtl),
        "--payonce.payment.barcode-poll-interval=" + ms(barcodePollInterval),
        "--payonce.payment.barcode-poll-for=" + ms(barcodePollFor),
        "--payonce.janitor.interval=" + ms(janitorInterval),
        "--payonce.janitor.older-than=" + ms(janitorOlderThan),
        "--payonce.janitor.min-backoff=1s",
        "--payonce.janitor.max-backoff=" + ms(janitorMaxBackoff),
        "--payonce.refund.retry-after=" + ms(refundRetryAfter),
        "--payonce.refund.janitor-interval=" + ms(refundJanitorInterval),
        "--payonce.events.relay.interval=300ms",
        "--payonce.events.relay.lease=" + ms(relayLease),
        "--payonce.events.relay.max-backoff=" + ms(relayMaxBackoff),
        "--payonce.idempotency.lease=" + ms(idempotencyLease),
        "--payonce.alipay.read-timeout=" + ms(readTimeout),
        "--payonce.alipay.connect-timeout=2s",
        "--payonce.wechat.read-timeout=" + ms(readTimeout),
        "--payonce.wechat.connect-timeout=2s");
  }

  static String ms(Duration d) {
    return d.toMillis() + "ms";
  }

  /** Patroni's leader TTL ({@code ttl} in scripts/patroni-cluster): a frozen leader outlives it. */
  public Duration databaseTtl() {
    return Duration.ofSeconds(8);
  }
}
