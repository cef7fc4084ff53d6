package io.payonce.server.alarm;

import java.time.Instant;

/** One raised alarm, open until {@code resolvedAt} is set. */
public record Alarm(
    long id,
    AlarmType type,
    String channel,
    String outTradeNo,
    String detail,
    Instant raisedAt,
    Instant resolvedAt,
    String resolution) {}
