package io.payonce.server.channel;

import java.time.Duration;
import java.time.Instant;

/**
 * One call made to a channel, as the operator's timeline shows it.
 *
 * @param outcome DONE, REFUSED or UNKNOWN
 * @param detail the channel's code and sub-code, or the reason the outcome is unknown; never a
 *     secret
 */
public record ChannelCall(
    String channel,
    String method,
    String outTradeNo,
    String outcome,
    String detail,
    Instant startedAt,
    Duration took) {}
