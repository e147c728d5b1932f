package io.crosscheck.text;

/**
 * Terminal-safe text: every string that came from an input file, a server or a capture is passed
 * through here before it reaches a terminal or a human-readable report, so that a hostile path
 * ({@code /d\e[2J}, {@code /c\e]0;PWNED\a}) cannot clear the screen, retitle the window or hide
 * text. Stateless and thread-safe.
 *
 * <p>Escapes, each reversible by eye:
 *
 * <ul>
 *   <li>ESC as {@code \e}; NUL as {@code \0}; TAB, LF, CR as {@code \t}, {@code \n}, {@code \r};
 *   <li>any other C0 control character (U+0000–U+001F) and DEL as {@code \xHH};
 *   <li>C1 controls (U+0080–U+009F, e.g. the one-byte CSI U+009B), bidirectional overrides and
 *       isolates (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), the line and paragraph
 *       separators U+2028/U+2029 and unpaired surrogates as <code>&#92;uHHHH</code>.
 * </ul>
 *
 * <p>Backslashes are left as they are, so that ordinary text reads unchanged; the escapes are for
 * display, not for parsing back.
 */
public final class Printable {
  /** Longest quoted value in a message before it is cut: a 50 MB line is not echoed whole. */
  public static final int MAX_QUOTED_CHARS = 200;

  private Printable() {}

  /** {@code text} with every control character escaped (newlines too); "null" for null. */
  public static String escape(CharSequence text) {
    return escape(text, false);
  }

  /**
   * A multi-line report with every control character escaped except the line feeds that separate
   * its lines (and a CR directly before one).
   */
  public static String escapeKeepingNewlines(CharSequence text) {
    return escape(text, true);
  }

  /**
   * {@code text} escaped and cut to at most {@link #MAX_QUOTED_CHARS} characters of the original,
   * with the number left out: {@code /aaaa... (52428800 characters)}.
   */
  public static String quoted(CharSequence text) {
    if (text == null) {
      return "null";
    }
    if (text.length() <= MAX_QUOTED_CHARS) {
      return escape(text);
    }
    return escape(text.subSequence(0, MAX_QUOTED_CHARS)) + "... (" + text.length() + " characters)";
  }

  /** Whether {@code text} holds any character that {@link #escape} would change. */
  public static boolean hasControl(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      if (isControlAt(text, i)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@link #escape} would escape the character at {@code i} of {@code text}. */
  public static boolean isControlAt(CharSequence text, int i) {
    return needsEscape(text, i, text.charAt(i));
  }

  private static String escape(CharSequence text, boolean keepNewlines) {
    if (text == null) {
      return "null";
    }
    if (!hasControl(text)) {
      return text.toString();
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (keepNewlines && (c == '\n'
          || c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n')) {
        out.append(c);
      } else if (!needsEscape(text, i, c)) {
        out.append(c);
      } else if (c == 0x1b) {
        out.append("\\e");
      } else if (c == 0) {
        out.append("\\0");
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || c == 0x7f) {
        out.append("\\x").append(hex(c, 2));
      } else {
        out.append("\\u").append(hex(c, 4));
      }
    }
    return out.toString();
  }

  private static boolean needsEscape(CharSequence text, int i, char c) {
    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
      return true;
    }
    if (c == '\u061c' || c == '\u200e' || c == '\u200f' || (c >= '\u202a' && c <= '\u202e')
        || (c >= '\u2066' && c <= '\u2069') || c == '\u2028' || c == '\u2029') {
      return true;
    }
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(text.charAt(i - 1));
    }
    return false;
  }

  private static String hex(char c, int digits) {
    String h = Integer.toHexString(c);
    return "0".repeat(Math.max(0, digits - h.length())) + h;
  }
}
