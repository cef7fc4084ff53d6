package io.payonce.server.operator;

/**
 * An operator's access was narrowed or widened: disabled, enabled or given another role. Published
 * after the change is stored, so that whoever keeps what the operator could do before — the
 * console's sessions — lets it go.
 *
 * @param username the operator
 */
public record OperatorAccessChanged(String username) {}
