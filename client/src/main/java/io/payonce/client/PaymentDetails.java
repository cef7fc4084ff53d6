package io.payonce.client;

import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One payment with everything that happened to it. The history's entries are left as JSON: they are
 * for people and support, and grow fields over time.
 */
public record PaymentDetails(
    String outTradeNo,
    String channel,
    String status,
    String amount,
    String currency,
    String tradeNo,
    String qrCode,
    Instant expireTime,
    Instant createdAt,
    List<JsonNode> journal,
    List<JsonNode> notifies,
    List<JsonNode> channelCalls,
    List<JsonNode> alarms) {}
