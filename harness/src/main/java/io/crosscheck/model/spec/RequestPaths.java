package io.crosscheck.model.spec;

import io.crosscheck.text.InputLimits;
import io.crosscheck.text.Printable;

/**
 * The rule for a request path given by the user ({@code --urls}, {@code --url-file}, {@code
 * --wsesslog}, a think table): it starts with '/', is at most {@link InputLimits#MAX_PATH_CHARS}
 * characters (what common servers accept in a request line), and holds no blank and no control
 * character (C0, DEL, C1, bidirectional overrides): such bytes would be sent raw in the request
 * line and printed raw in reports. A byte that must be sent is percent-encoded ({@code %20},
 * {@code %1B}). The same rule holds for a recorded request replayed ({@code replay}, {@code export}).
 * Stateless.
 */
public final class RequestPaths {
  private RequestPaths() {}

  /** What is wrong with {@code path} as an "expected ..." phrase, or null when it is a good path. */
  public static String problem(String path) {
    if (path.length() > InputLimits.MAX_PATH_CHARS) {
      return "a path of at most " + InputLimits.count(InputLimits.MAX_PATH_CHARS) + " characters"
          + " (this one has " + InputLimits.count(path.length()) + ")";
    }
    for (int i = 0; i < path.length(); i++) {
      // char by char: a control character is never half of a surrogate pair, and no space is one
      char c = path.charAt(i);
      if (Printable.isControlAt(path, i)) {
        return "a path without control characters (" + Printable.escape(String.valueOf(c))
            + " at character " + (i + 1) + "; percent-encode a byte that must be sent, e.g. %"
            + String.format("%02X", c & 0xff) + ")";
      }
      if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
        return "a path without spaces (a space at character " + (i + 1)
            + "; percent-encode it as %20)";
      }
    }
    if (!path.startsWith("/")) {
      return "a path starting with '/'";
    }
    return null;
  }
}
