package io.payonce.server.operator;

/**
 * What an operator may do in the console. Each role includes the ones below it: an admin may do
 * what an operator does, an operator what a viewer does.
 */
public enum OperatorRole {
  /** Reads everything. */
  VIEWER,
  /** Refunds, closes orders, resolves alarms and anomalies, starts reconciliations. */
  OPERATOR,
  /** Manages operators and apps. */
  ADMIN;

  /** Spring Security's role hierarchy for these roles. */
  public static String hierarchy() {
    return "ROLE_ADMIN > ROLE_OPERATOR\nROLE_OPERATOR > ROLE_VIEWER";
  }
}
