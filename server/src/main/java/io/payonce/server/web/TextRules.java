package io.payonce.server.web;

/** What every free-text field of a request must be, whatever its length: printable text. */
public final class TextRules {

  /** The message of a field that breaks {@link #isPrintable}. */
  public static final String NOT_PRINTABLE = "must not contain control characters";

  private TextRules() {}

  /**
   * Whether the text has no control character (NUL, CR, LF, tab...), no unpaired surrogate, no
   * noncharacter (U+FFFE, U+FFFF, U+FDD0..U+FDEF: the channels refuse them) and no line separator
   * or bidirectional override (text that would show in a log or a page other than it reads): text
   * that databases, logs, pages and the channels' forms all keep as it is.
   */
  public static boolean isPrintable(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isISOControl(c) || misleading(c)) {
        return false;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))
          && isNoncharacter(Character.toCodePoint(c, text.charAt(i + 1)))) {
        return false;
      }
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean misleading(char c) {
    return isNoncharacter(c)
        || c == '\u2028'
        || c == '\u2029'
        || (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069');
  }

  private static boolean isNoncharacter(int codePoint) {
    return (codePoint >= 0xFDD0 && codePoint <= 0xFDEF) || (codePoint & 0xFFFE) == 0xFFFE;
  }
}
