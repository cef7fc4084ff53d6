package io.payonce.server.order.web;

/** The JSON body of {@code POST /api/orders}; every field arrives as text and is validated. */
record CreateOrderRequest(
    String orderNo,
    String userId,
    String amount,
    String currency,
    String title,
    String notifyUrl) {}
