package io.payonce.server.log;

import java.sql.SQLException;
import java.util.regex.Pattern;

/**
 * Describes a failure for the log in one line — its type, where our code met it, its root cause,
 * and what tells one failure from another: a database's SQLState and vendor code, and the driver's
 * or channel's message, cleaned and clipped — and never as a stack trace: logs are read by more
 * people than code is, and stack traces carry arguments. A message never shows a secret: what may
 * carry one (credentials in a URL, {@code password=}, {@code sign=}, a key or token, a quoted
 * literal, the statement and the values a driver appends) is cut out or masked.
 */
public final class Failures {

  private static final String OUR_CODE = "io.payonce.";

  /** How much of a message a line shows. */
  static final int MESSAGE_MAX = 160;

  // What drivers append after the decisive part: the statement and its values (H2), the row's
  // values and the query's context (PostgreSQL's Detail, Where, Position...).
  private static final Pattern TRAILER =
      Pattern.compile(
          "(?is)(;\\s*SQL statement:|\\bSQL statement:|\\n\\s*(Detail|Where|Position|Hint|Call"
              + " getNextException|Internal Query)\\b|\\bDetail:|\\bQuery:|\\bSQL:|\\bfor query\\b|"
              + "\\bBody:|\\bbody=).*");
  // user:password@ in any URL.
  private static final Pattern URL_CREDENTIALS =
      Pattern.compile("(?i)([a-z][a-z0-9+.-]*://)[^/@\\s]+@");
  // name=value or name: value where the name says it is secret.
  private static final Pattern SECRET_PAIR =
      Pattern.compile(
          "(?i)\\b([a-z_.-]*(password|passwd|pwd|secret|sign|signature|token|key|credential|"
              + "authorization|cookie)[a-z_.-]*)\\s*([=:])\\s*(\"[^\"]*\"|'[^']*'|[^\\s,;&)]+)");
  private static final Pattern QUOTED = Pattern.compile("'[^']*'");
  private static final Pattern LONG_TOKEN = Pattern.compile("[A-Za-z0-9+/=_-]{32,}");

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
    SQLException sql = failure instanceof SQLException first ? first : null;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
      if (sql == null && root instanceof SQLException found) {
        sql = found;
      }
    }
    if (root != failure) {
      line.append(" rootCause=").append(root.getClass().getName());
    }
    if (sql != null) {
      line.append(" sqlState=").append(sql.getSQLState());
      line.append(" vendorCode=").append(sql.getErrorCode());
    }
    String message = message(sql != null ? sql : root);
    if (message != null) {
      line.append(" message=\"").append(message).append('"');
    }
    return line.toString();
  }

  /** The failure's message as a log line may show it, or null when it has none. */
  static String message(Throwable failure) {
    String message = failure.getMessage();
    if (message == null || message.isBlank()) {
      return null;
    }
    String clean = TRAILER.matcher(message).replaceFirst("");
    clean = URL_CREDENTIALS.matcher(clean).replaceAll("$1***@");
    clean = SECRET_PAIR.matcher(clean).replaceAll("$1$3***");
    clean = QUOTED.matcher(clean).replaceAll("'?'");
    clean = LONG_TOKEN.matcher(clean).replaceAll("***");
    clean = clean.replace('"', '\'').replaceAll("\\s+", " ").strip();
    return Untrusted.clip(clean, MESSAGE_MAX);
  }
}
