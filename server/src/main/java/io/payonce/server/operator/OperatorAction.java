package io.payonce.server.operator;

import java.time.Instant;

/**
 * One action an operator took from the console, as recorded.
 *
 * @param target what it acted on, e.g. {@code order app-1/O123}, {@code alarm 17}, {@code operator
 *     alice}
 * @param outTradeNo the payment it concerns, if any: the action is shown on that payment's timeline
 * @param finishedAt when it ended; {@code null} while it runs (or if the process died meanwhile)
 */
public record OperatorAction(
    long id,
    String operator,
    Kind action,
    String target,
    String outTradeNo,
    String before,
    String after,
    Outcome outcome,
    Instant startedAt,
    Instant finishedAt) {

  /** What was done. */
  public enum Kind {
    REFUND,
    CLOSE_ORDER,
    RESOLVE_ALARM,
    RESOLVE_ANOMALY,
    START_RECONCILIATION,
    CREATE_OPERATOR,
    CHANGE_ROLE,
    DISABLE_OPERATOR,
    ENABLE_OPERATOR,
    RESEND_WEBHOOK,
    CREATE_APP,
    DISABLE_APP,
    ENABLE_APP,
    ROTATE_APP_SECRET,
    SET_APP_WEBHOOK,
    PUT_CHANNEL_CONFIG,
    REMOVE_CHANNEL_CONFIG
  }

  /** How it ended. */
  public enum Outcome {
    /** Recorded before the action ran; still so if it never finished. */
    STARTED,
    /** The action ran; {@code after} says what it established. */
    DONE,
    /** The action was refused or failed; {@code after} names the refusal. */
    FAILED
  }
}
