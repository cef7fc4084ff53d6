package io.payonce.server.web;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Rate limits of the {@link RateLimitedRoute}s, per instance and in memory (Bucket4j token
 * buckets): each route has a bucket per caller (the signed request's app; on the buyer's pages the
 * client's address) and one per buyer, each refilled smoothly to its capacity over {@code period}.
 *
 * @param enabled whether requests are limited at all
 * @param perClient requests one caller may make to one route per period
 * @param perBuyer requests for one buyer to one route per period
 * @param period the period both capacities refill over
 * @param maxTracked how many callers and buyers are remembered (least recently seen go first)
 */
@ConfigurationProperties("payonce.rate-limit")
public record RateLimitProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("1200") long perClient,
    @DefaultValue("20") long perBuyer,
    @DefaultValue("1m") Duration period,
    @DefaultValue("100000") long maxTracked) {}
