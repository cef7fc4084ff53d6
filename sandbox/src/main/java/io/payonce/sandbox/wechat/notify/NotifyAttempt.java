package io.payonce.sandbox.wechat.notify;

import java.time.Instant;
import java.util.Map;

/**
 * One delivery of one notify and what came back.
 *
 * @param copy 1..notifyCopies; the notifyTwice delivery is the copy after them; a signature probe
 *     is copy 0
 * @param outcome DELIVERED (acknowledged), FAILED (any other reply), ERROR (no reply in time),
 *     DROPPED (chaos: never sent), PROBE_REJECTED / PROBE_ACCEPTED (the merchant refused / took a
 *     notify whose signature does not verify)
 * @param headers the Wechatpay-* headers sent (V3)
 */
record NotifyAttempt(
    String notifyId,
    String kind,
    String eventType,
    String outTradeNo,
    String trigger,
    int attempt,
    int copy,
    Instant at,
    String url,
    Integer httpStatus,
    String reply,
    String outcome,
    Map<String, String> headers,
    String body) {}
