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
 * A good path is then sent as {@link #encode} makes it: what is recorded is what the wire shows.
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

  /**
   * {@code path} as an RFC 3986 origin-form request target: every character that may not appear
   * there raw (non-ASCII, as its UTF-8 bytes; {@code " < > \\ ^ ` { | } # [ ]}; a {@code %} that
   * starts no {@code %XX} escape) becomes {@code %XX} with upper-case hex digits. Existing {@code
   * %XX} escapes, {@code pchar}s ({@code unreserved}, {@code sub-delims}, {@code : @}), {@code /} and
   * {@code ?} (the first starts the query) are kept, so a path already encoded is returned as given
   * (the same instance) and encoding is idempotent. Call it on a path {@link #problem} accepted
   * (without blanks and control characters); every engine then sends exactly the recorded target.
   */
  public static String encode(String path) {
    StringBuilder out = null;
    for (int i = 0; i < path.length(); ) {
      int cp = path.codePointAt(i);
      int n = Character.charCount(cp);
      boolean keep = cp < 0x80 && (allowed((char) cp)
          || cp == '%' && i + 2 < path.length() && isHex(path.charAt(i + 1)) && isHex(path.charAt(i + 2)));
      if (!keep && out == null) {
        out = new StringBuilder(path.length() + 16).append(path, 0, i);
      }
      if (keep) {
        if (out != null) {
          out.append((char) cp);
        }
      } else {
        for (byte b : new String(Character.toChars(cp)).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
          out.append('%').append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
        }
      }
      i += n;
    }
    return out == null ? path : out.toString();
  }

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /** unreserved, sub-delims, ':', '@', '/' and '?' (RFC 3986 pchar, path and query). */
  private static boolean allowed(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || "-._~!$&'()*+,;=:@/?".indexOf(c) >= 0;
  }

  private static boolean isHex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }
}
