package io.payonce.server.log;

/**
 * Describes a failure for the log in one line — its type and where our code met it — and never as a
 * stack trace: logs are read by more people than code is, and stack traces carry arguments.
 */
public final class Failures {

  private static final String OUR_CODE = "io.payonce.";

  private Failures() {}

  public static String describe(Throwable failure) {
    StringBuilder line = new StringBuilder("type=").append(failure.getClass().getName());
    for (StackTraceElement frame : failure.getStackTrace()) {
      if (frame.getClassName().startsWith(OUR_CODE)) {
        line.append(" at=").append(frame.getClassName()).append('.').append(frame.getMethodName());
        line.append(':').append(frame.getLineNumber());
        break;
      }
    }
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root != failure) {
      line.append(" rootCause=").append(root.getClass().getName());
    }
    return line.toString();
  }
}
