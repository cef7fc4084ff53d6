package io.payonce.server.app;

import io.payonce.server.channel.Channel;
import java.time.Instant;
import java.util.Map;

/**
 * An app's configuration of one channel account, as it may be shown: no secret in it.
 *
 * @param configKey its key: what payments record and per-configuration notify paths name
 * @param accountId the channel's id of the account (Alipay app_id, WeChat mchid)
 * @param current whether it is the app's configuration for the channel now (a replaced one stays
 *     for the payments made under it)
 * @param summary ids and key fingerprints
 * @param version raised at each change of its settings
 */
public record ChannelConfig(
    String configKey,
    String appId,
    Channel channel,
    String accountId,
    boolean current,
    Map<String, String> summary,
    long version,
    Instant updatedAt) {}
