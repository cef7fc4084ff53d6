package io.payonce.server.payment;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The compensation janitor.
 *
 * @param enabled run it on a schedule on this instance (safe on any number of instances)
 * @param interval the pause between two sweeps
 * @param olderThan how old an in-flight payment must be before the janitor asks the channel
 * @param batch the most payments one round of a sweep looks at
 * @param drainFor how long a sweep keeps taking rounds while each found a full batch
 * @param minBackoff the least wait before a payment is queried again
 * @param maxBackoff the longest wait before a payment is queried again
 * @param stuckAfter how long a payment may stay in flight without moving before it is alarmed
 *     (PAYMENT_STUCK): longer than any code lives (payonce.payment.qr-ttl)
 * @param backlogAlarmAfter how long a payment may stay due without the janitor asking about it
 *     before the backlog is alarmed (JANITOR_BACKLOG), once per such period on each instance
 */
@ConfigurationProperties("payonce.janitor")
public record JanitorProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("10s") Duration interval,
    @DefaultValue("60s") Duration olderThan,
    @DefaultValue("100") int batch,
    @DefaultValue("30s") Duration drainFor,
    @DefaultValue("10s") Duration minBackoff,
    @DefaultValue("10m") Duration maxBackoff,
    @DefaultValue("30m") Duration stuckAfter,
    @DefaultValue("5m") Duration backlogAlarmAfter) {}
