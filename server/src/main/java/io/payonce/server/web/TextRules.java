package io.payonce.server.web;

/** What every free-text field of a request must be, whatever its length: printable text. */
public final class TextRules {

  /** The message of a field that breaks {@link #isPrintable}. */
  public static final String NOT_PRINTABLE = "must not contain control characters";

  private TextRules() {}

  /**
   * Whether the text has no control character (NUL, CR, LF, tab...) and no unpaired surrogate: text
   * that databases, logs and the channels' forms all keep as it is.
   */
  public static boolean isPrintable(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isISOControl(c)) {
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
}
