package io.payonce.server.order.web;

import io.swagger.v3.oas.annotations.media.Schema;

/** The JSON body of {@code POST /api/orders}; every field arrives as text and is validated. */
record CreateOrderRequest(
    @Schema(
            description = "The merchant's number: 1 to 64 of A-Z a-z 0-9 _ -, unique per app",
            example = "order-1001")
        String orderNo,
    @Schema(description = "The buyer in the merchant's system", example = "user-7") String userId,
    @Schema(description = "Major units as a decimal string, never a number", example = "12.34")
        String amount,
    @Schema(description = "One of payonce.orders.currencies", example = "CNY") String currency,
    @Schema(description = "What the buyer sees", example = "Green tea") String title) {}
