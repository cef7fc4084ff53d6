package io.payonce.server.outbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Outbox relay settings ({@code payonce.events.relay.*}).
 *
 * @param enabled whether this instance relays at all (any number of instances may)
 * @param interval the pause between passes when the outbox is empty or a pass failed
 * @param batch how many rows one claim takes
 * @param lease how long a claim keeps other instances off its rows; a crashed instance's rows are
 *     published by another after this
 * @param maxBackoff the longest wait before a row whose delivery failed is tried again
 */
@ConfigurationProperties("payonce.events.relay")
public record RelayProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("500ms") Duration interval,
    @DefaultValue("200") int batch,
    @DefaultValue("30s") Duration lease,
    @DefaultValue("30s") Duration maxBackoff) {}
