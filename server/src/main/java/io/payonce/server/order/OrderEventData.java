package io.payonce.server.order;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The {@code data} of the order's own events, OrderPaid and OrderClosed (docs/events.md): the
 * record the outbox writes, and the schema the API document shows for them, so that a field added
 * here is a field documented (apidoc's contract test compares the two).
 *
 * @param amount the order's amount, a decimal string in major units
 * @param status the order's status after the change
 * @param outTradeNo OrderPaid: the payment that paid the order; absent otherwise
 */
public record OrderEventData(
    long orderId,
    String orderNo,
    String userId,
    String amount,
    String currency,
    OrderStatus status,
    @JsonInclude(JsonInclude.Include.NON_NULL) String outTradeNo) {}
