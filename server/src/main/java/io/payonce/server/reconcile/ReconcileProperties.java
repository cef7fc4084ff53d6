package io.payonce.server.reconcile;

import java.time.Duration;
import java.time.ZoneId;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Reconciliation settings ({@code payonce.reconcile.*}).
 *
 * @param zone the time zone of a bill day; Alipay's days are China Standard Time
 * @param margin how long after midnight a success may still be the previous day's payment (a late
 *     notify, a clock apart)
 * @param batchSize bill rows matched per page and checkpoint
 * @param lease how long a run stays with an instance that stops renewing (renewed every page)
 * @param cron daily run of the previous day's bill ("-" = off)
 * @param resumeEvery how often abandoned runs are looked for
 * @param keepLinesDays how many days of staged bill rows to keep
 * @param downloadTimeout the bill download's connect and first-byte timeout
 * @param instanceId this instance's name in leases; blank for host name and a random suffix
 */
@ConfigurationProperties("payonce.reconcile")
public record ReconcileProperties(
    @DefaultValue("Asia/Shanghai") ZoneId zone,
    @DefaultValue("PT30M") Duration margin,
    @DefaultValue("1000") int batchSize,
    @DefaultValue("PT2M") Duration lease,
    @DefaultValue("0 30 10 * * *") String cron,
    @DefaultValue("PT1M") Duration resumeEvery,
    @DefaultValue("3") int keepLinesDays,
    @DefaultValue("PT30S") Duration downloadTimeout,
    String instanceId) {}
