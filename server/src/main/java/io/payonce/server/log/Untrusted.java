package io.payonce.server.log;

/**
 * Text that came from outside — a request, a notification, a channel's answer — made safe to store
 * in a column and to write on one log line. It is cut to the column's length (never between the two
 * halves of a surrogate pair, so it is at most that many characters in every database's count), and
 * control characters (NUL, which PostgreSQL refuses; CR and LF, which would forge log lines) and
 * unpaired surrogates are replaced by {@code ?}. The result is a description, never a value to act
 * on.
 */
public final class Untrusted {

  /** How much of an untrusted value a log line shows. */
  public static final int LOG_MAX = 128;

  private Untrusted() {}

  /** The value made safe, at most {@code max} characters; null stays null. */
  public static String clip(String value, int max) {
    if (value == null) {
      return null;
    }
    StringBuilder safe = new StringBuilder(Math.min(value.length(), max));
    for (int i = 0; i < value.length() && safe.length() < max; i++) {
      char c = value.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < value.length()
          && Character.isLowSurrogate(value.charAt(i + 1))) {
        if (safe.length() + 2 > max) {
          break;
        }
        safe.append(c).append(value.charAt(++i));
      } else if (Character.isSurrogate(c) || Character.isISOControl(c)) {
        safe.append('?');
      } else {
        safe.append(c);
      }
    }
    return safe.toString();
  }

  /** The value as a log line may show it: one line, at most {@link #LOG_MAX} characters. */
  public static String forLog(String value) {
    return clip(value, LOG_MAX);
  }
}
