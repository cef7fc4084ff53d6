package io.payonce.sandbox.alipay.notify;

import java.time.Instant;
import java.util.Map;

/**
 * One delivery of one notify (a copy, when notifyCopies sends several) and what came back.
 *
 * @param outcome DELIVERED (reply was exactly {@code success}), FAILED (any other reply), ERROR (no
 *     reply), DROPPED (chaos: never sent)
 */
record NotifyAttempt(
    String notifyId,
    String outTradeNo,
    String tradeStatus,
    String trigger,
    int attempt,
    int copy,
    Instant at,
    String url,
    Integer httpStatus,
    String reply,
    String outcome,
    Map<String, String> params) {}
