package io.payonce.sandbox.alipay.ledger;

import java.math.BigDecimal;
import java.time.Instant;

/** One refund of a trade, identified by the merchant's out_request_no. */
public record Refund(String outRequestNo, BigDecimal amount, Instant refundedAt, String reason) {}
