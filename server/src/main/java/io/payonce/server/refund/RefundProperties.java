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
 */
@ConfigurationProperties("payonce.refund")
public record RefundProperties(
    @DefaultValue("30s") Duration retryAfter,
    @DefaultValue("true") boolean janitorEnabled,
    @DefaultValue("15s") Duration janitorInterval) {}
