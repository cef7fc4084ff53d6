package io.payonce.sandbox.alipay.gateway;

import java.time.Instant;
import java.util.List;

/** One gateway call as received, with its outcome and any chaos applied to it. */
record CallRecord(
    Instant at,
    String method,
    String appId,
    String outTradeNo,
    String bizContent,
    String code,
    String subCode,
    String subMsg,
    List<String> chaos) {}
