package io.payonce.client;

/** The order after a close. */
public record ClosedOrder(String orderNo, String orderStatus) {}
