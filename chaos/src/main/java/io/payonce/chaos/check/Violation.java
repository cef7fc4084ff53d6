package io.payonce.chaos.check;

/** One breach of an invariant, with the order it concerns (null when it concerns none). */
public record Violation(Invariant invariant, String orderNo, String detail) {}
