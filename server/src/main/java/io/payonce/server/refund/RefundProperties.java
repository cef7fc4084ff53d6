package io.payonce.server.refund;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Refund retries.
 *
 * @param retryAfter how long a pending refund waits before its next attempt (query, then retry)
 * @param janitorEnabled retry pending refunds on a schedule on this instance
 * @param janitorInterval the pause between two rounds
 * @param twinWait how long a request repeating a refund number waits for the first request's
 *     attempt to finish, to answer as it does, before answering 202 (pending)
 */
@ConfigurationProperties("payonce.refund")
public record RefundProperties(
    @DefaultValue("30s") Duration retryAfter,
    @DefaultValue("true") boolean janitorEnabled,
    @DefaultValue("15s") Duration janitorInterval,
    @DefaultValue("5s") Duration twinWait) {}
