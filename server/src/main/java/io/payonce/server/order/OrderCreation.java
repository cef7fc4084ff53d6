package io.payonce.server.order;

/**
 * The answer to a create request.
 *
 * @param created false when the same order already existed (an idempotent replay)
 */
public record OrderCreation(Order order, boolean created) {}
