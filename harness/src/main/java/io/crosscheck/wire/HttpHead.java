package io.crosscheck.wire;

import java.nio.charset.StandardCharsets;

/**
 * The parts of an HTTP/1.x message head that framing and reporting need: the start line (method
 * and target, or status) and the Content-Length and Transfer-Encoding fields. A reusable mutable
 * holder, one per {@link HttpMessageParser}; only method and target allocate (they are reported).
 */
final class HttpHead {
  private static final byte[][] METHODS = {
    bytes("GET "), bytes("POST "), bytes("HEAD "), bytes("PUT "), bytes("DELETE "),
    bytes("OPTIONS "), bytes("PATCH "), bytes("TRACE "), bytes("CONNECT ")
  };
  private static final String[] METHOD_NAMES = {
    "GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT"
  };
  private static final byte[] HTTP1 = bytes("HTTP/1.");

  String method;
  String url;
  int status;
  /** -1 when absent. */
  long contentLength;
  boolean chunked;

  /**
   * Parses {@code head[0, length)}: complete lines, the start line first.
   *
   * @return false when the start line is not HTTP/1.x or a Content-Length is not a number
   */
  boolean parse(byte[] head, int length, boolean response) {
    method = null;
    url = null;
    status = 0;
    contentLength = -1;
    chunked = false;
    int firstLineEnd = indexOf(head, 0, length, (byte) '\n');
    if (firstLineEnd < 0) {
      return false;
    }
    int lineEnd = firstLineEnd > 0 && head[firstLineEnd - 1] == '\r' ? firstLineEnd - 1 : firstLineEnd;
    int sp1 = indexOf(head, 0, lineEnd, (byte) ' ');
    if (response) {
      if (sp1 != 8 || !startsWith(head, 0, lineEnd, HTTP1) || lineEnd < 12) {
        return false;
      }
      status = (int) digits(head, 9, 12);
      if (status < 100 || (lineEnd > 12 && head[12] != ' ')) {
        return false;
      }
    } else {
      int sp2 = sp1 < 0 ? -1 : indexOf(head, sp1 + 1, lineEnd, (byte) ' ');
      if (sp1 <= 0 || sp2 < 0 || !startsWith(head, sp2 + 1, lineEnd, HTTP1) || !token(head, sp1)) {
        return false;
      }
      method = knownMethod(head, sp1);
      url = new String(head, sp1 + 1, sp2 - sp1 - 1, StandardCharsets.ISO_8859_1);
    }
    for (int p = firstLineEnd + 1; p < length; ) {
      int nl = indexOf(head, p, length, (byte) '\n');
      int e = nl < 0 ? length : nl;
      int colon = indexOf(head, p, e, (byte) ':');
      if (colon > p) {
        if (nameIs(head, p, colon, "content-length")) {
          contentLength = digits(head, skipSpace(head, colon + 1, e), trimEnd(head, colon + 1, e));
          if (contentLength < 0) {
            return false;
          }
        } else if (nameIs(head, p, colon, "transfer-encoding")) {
          chunked = contains(head, colon + 1, e, "chunked");
        }
      }
      p = e + 1;
    }
    return true;
  }

  /** The shared String of a standard method (no allocation per request), else a new one. */
  private static String knownMethod(byte[] head, int length) {
    for (int i = 0; i < METHODS.length; i++) {
      byte[] m = METHODS[i];
      if (m.length == length + 1 && startsWith(head, 0, length, m)) {
        return METHOD_NAMES[i];
      }
    }
    return new String(head, 0, length, StandardCharsets.ISO_8859_1);
  }

  /** True when the bytes start like an HTTP/1.x status line. */
  static boolean looksLikeResponse(byte[] data, int off, int length) {
    return length >= 5 && startsWith(data, off, off + length, HTTP1);
  }

  /** True when the bytes start with a standard request method and a space. */
  static boolean looksLikeRequest(byte[] data, int off, int length) {
    for (byte[] m : METHODS) {
      if (length >= m.length && startsWith(data, off, off + length, m)) {
        return true;
      }
    }
    return false;
  }

  private static boolean startsWith(byte[] b, int at, int end, byte[] prefix) {
    int n = Math.min(prefix.length, end - at);
    for (int k = 0; k < n; k++) {
      if (b[at + k] != prefix[k]) {
        return false;
      }
    }
    return n > 0;
  }

  private static boolean token(byte[] b, int end) {
    for (int k = 0; k < end; k++) {
      byte c = b[k];
      if (!(c >= 'A' && c <= 'Z' || c == '-' || c == '_')) {
        return false;
      }
    }
    return true;
  }

  private static int indexOf(byte[] b, int from, int to, byte value) {
    for (int k = from; k < to; k++) {
      if (b[k] == value) {
        return k;
      }
    }
    return -1;
  }

  /** Decimal value of {@code b[from, to)}, or -1 when empty, not digits, or over 15 digits. */
  private static long digits(byte[] b, int from, int to) {
    if (from >= to || to - from > 15) {
      return -1;
    }
    long v = 0;
    for (int k = from; k < to; k++) {
      int d = b[k] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      v = v * 10 + d;
    }
    return v;
  }

  private static int skipSpace(byte[] b, int from, int to) {
    while (from < to && (b[from] == ' ' || b[from] == '\t')) {
      from++;
    }
    return from;
  }

  private static int trimEnd(byte[] b, int from, int to) {
    while (to > from && (b[to - 1] == ' ' || b[to - 1] == '\t' || b[to - 1] == '\r')) {
      to--;
    }
    return to;
  }

  private static boolean nameIs(byte[] b, int from, int to, String name) {
    to = trimEnd(b, from, to);
    if (to - from != name.length()) {
      return false;
    }
    for (int k = 0; k < name.length(); k++) {
      if ((b[from + k] | 0x20) != name.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  private static boolean contains(byte[] b, int from, int to, String word) {
    outer:
    for (int k = from; k + word.length() <= to; k++) {
      for (int j = 0; j < word.length(); j++) {
        if ((b[k + j] | 0x20) != word.charAt(j)) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }
}
