package io.crosscheck.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The parts of an HTTP/1.x message head that framing and reporting need: the start line (method
 * and target, or status), the Content-Length and Transfer-Encoding fields, and a response's
 * population statement (a comment of its Server field). A reusable mutable holder, one per
 * {@link WireReconstructor} (its parsers scan a head and act on it before the next is read); only
 * method and target allocate (they are reported), and a population statement when it changes.
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
  private static final byte[] MARKER = bytes(StatedPopulation.MARKER);
  /** Eight bytes of a byte[] as one long, first byte lowest. */
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** {@link #scan}'s result when the range holds no blank line: the head goes on. */
  static final int INCOMPLETE = -1;

  String method;
  String url;
  int status;
  /** -1 when absent. */
  long contentLength;
  boolean chunked;
  /** After {@link #scan}: the start line is HTTP/1.x and every Content-Length is a number. */
  boolean valid;
  /** After {@link #scan} returned {@link #INCOMPLETE}: where the unfinished last line starts. */
  int partialLineStart;
  /**
   * A response's population statement ({@link StatedPopulation}): the text inside {@code
   * (population ...)} of its Server field, else null. The last statement's bytes and String are
   * kept, so a server that states the same on every reply costs one comparison per reply, not a
   * String.
   */
  String population;
  private boolean scanningResponse;
  private byte[] lastPopulationBytes = {};
  private String lastPopulation;

  /** Forgets the fields of the previous head. */
  private void clearFields() {
    method = null;
    url = null;
    status = 0;
    contentLength = -1;
    chunked = false;
    population = null;
  }

  /**
   * Reads the head that starts at {@code b[from]} in one pass, line by line (the start line, then
   * fields) until its blank line ({@code LF} or {@code CR LF}) or {@code to}. The bytes may be a
   * copy or the captured segment itself; nothing is kept after the call except method and target.
   * A line that is not HTTP makes the head invalid ({@link #valid}), but the blank line is still
   * looked for, as only a complete head is judged.
   *
   * @return the index after the blank line, or {@link #INCOMPLETE} (then the fields describe the
   *     complete lines and {@link #partialLineStart} is set)
   */
  int scan(byte[] b, int from, int to, boolean response) {
    clearFields();
    scanningResponse = response;
    int nl = indexOfNewline(b, from, to);
    if (nl < 0) {
      valid = false;
      partialLineStart = from;
      return INCOMPLETE;
    }
    valid = startLine(b, from, nl, response);
    for (int p = nl + 1; ; p = nl + 1) {
      nl = indexOfNewline(b, p, to);
      if (nl < 0) {
        partialLineStart = p;
        return INCOMPLETE;
      }
      if (nl == p || nl == p + 1 && b[p] == '\r') {
        return nl + 1;
      }
      if (valid) {
        valid = field(b, p, nl);
      }
    }
  }

  /** The request or status line {@code b[from, lf)} ({@code lf} indexes its LF). */
  private boolean startLine(byte[] b, int from, int lf, boolean response) {
    int lineEnd = lf > from && b[lf - 1] == '\r' ? lf - 1 : lf;
    int sp1 = indexOf(b, from, lineEnd, (byte) ' ');
    if (response) {
      if (sp1 != from + 8 || !startsWith(b, from, lineEnd, HTTP1) || lineEnd < from + 12) {
        return false;
      }
      status = (int) digits(b, from + 9, from + 12);
      return status >= 100 && (lineEnd == from + 12 || b[from + 12] == ' ');
    }
    int sp2 = sp1 < 0 ? -1 : indexOf(b, sp1 + 1, lineEnd, (byte) ' ');
    if (sp1 <= from || sp2 < 0 || !startsWith(b, sp2 + 1, lineEnd, HTTP1) || !token(b, from, sp1)) {
      return false;
    }
    method = knownMethod(b, from, sp1);
    url = new String(b, sp1 + 1, sp2 - sp1 - 1, StandardCharsets.ISO_8859_1);
    return true;
  }

  /**
   * Reads what there is of a request line cut before its end ({@code b[from, to)} holds no LF; the
   * rest was not captured): the method and as much of the target as was captured. Sets {@link
   * #method} and {@link #url}; {@link #valid} tells whether the method was there.
   *
   * @return true when the target itself was cut (no space after it was captured), false when the
   *     target is whole (the cut fell in the protocol version) or no method was read
   */
  boolean scanCutRequestLine(byte[] b, int from, int to) {
    clearFields();
    int sp1 = indexOf(b, from, to, (byte) ' ');
    valid = sp1 > from && token(b, from, sp1);
    if (!valid) {
      return false;
    }
    method = knownMethod(b, from, sp1);
    int sp2 = indexOf(b, sp1 + 1, to, (byte) ' ');
    int targetEnd = sp2 < 0 ? to : sp2;
    url = new String(b, sp1 + 1, targetEnd - sp1 - 1, StandardCharsets.ISO_8859_1);
    return sp2 < 0;
  }

  /** A field line {@code b[p, e)} (without its LF); false when it is a Content-Length that is not a number. */
  private boolean field(byte[] b, int p, int e) {
    // only two field names matter (three in a response): skip the others on their first letter
    int first = b[p] | 0x20;
    if (first != 'c' && first != 't' && !(first == 's' && scanningResponse)) {
      return true;
    }
    int colon = indexOf(b, p, e, (byte) ':');
    if (first == 's') {
      if (colon > p && nameIs(b, p, colon, "server")) {
        serverField(b, colon + 1, trimEnd(b, colon + 1, e));
      }
      return true;
    }
    if (colon > p) {
      if (nameIs(b, p, colon, "content-length")) {
        contentLength = digits(b, skipSpace(b, colon + 1, e), trimEnd(b, colon + 1, e));
        return contentLength >= 0;
      }
      if (nameIs(b, p, colon, "transfer-encoding")) {
        chunked = contains(b, colon + 1, e, "chunked");
      }
    }
    return true;
  }

  /** Keeps the population statement of a Server field's value {@code b[from, to)}, if it has one. */
  private void serverField(byte[] b, int from, int to) {
    int at = indexOf(b, from, to, MARKER);
    if (at < 0) {
      return;
    }
    int start = at + MARKER.length;
    int close = indexOf(b, start, to, (byte) ')');
    if (close < 0) {
      return;
    }
    int n = close - start;
    if (!Arrays.equals(b, start, close, lastPopulationBytes, 0, lastPopulationBytes.length)) {
      lastPopulationBytes = Arrays.copyOfRange(b, start, close);
      lastPopulation = new String(lastPopulationBytes, StandardCharsets.ISO_8859_1);
    }
    population = n == 0 ? null : lastPopulation;
  }

  private static int indexOf(byte[] b, int from, int to, byte[] word) {
    outer:
    for (int k = from; k + word.length <= to; k++) {
      for (int j = 0; j < word.length; j++) {
        if (b[k + j] != word[j]) {
          continue outer;
        }
      }
      return k;
    }
    return -1;
  }

  /**
   * Index of the first LF in {@code b[from, to)}, or -1. Heads are most of the reconstructor's
   * work, so this looks at eight bytes per step: XOR with LFs turns each LF into a zero byte, and
   * {@code (x - 0x01..01) & ~x & 0x80..80} has its lowest set bit in the lowest zero byte (a
   * borrow can only mark bytes above a real zero, never below one).
   */
  static int indexOfNewline(byte[] b, int from, int to) {
    int k = from;
    for (; k <= to - Long.BYTES; k += Long.BYTES) {
      long x = (long) LONGS.get(b, k) ^ 0x0a0a0a0a0a0a0a0aL;
      long zeros = (x - 0x0101010101010101L) & ~x & 0x8080808080808080L;
      if (zeros != 0) {
        return k + (Long.numberOfTrailingZeros(zeros) >>> 3);
      }
    }
    return indexOf(b, k, to, (byte) '\n');
  }

  /** The shared String of a standard method (no allocation per request), else a new one. */
  private static String knownMethod(byte[] b, int from, int to) {
    int length = to - from;
    for (int i = 0; i < METHODS.length; i++) {
      byte[] m = METHODS[i];
      if (m.length == length + 1 && startsWith(b, from, to, m)) {
        return METHOD_NAMES[i];
      }
    }
    return new String(b, from, length, StandardCharsets.ISO_8859_1);
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

  private static boolean token(byte[] b, int from, int end) {
    for (int k = from; k < end; k++) {
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
