package io.crosscheck.engine.netty;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;
import java.nio.charset.StandardCharsets;

/**
 * Frames the replies of one engine connection, one request at a time, without allocating: the
 * status, whether the connection stays open, and where the reply ends. It replaces Netty's {@code
 * HttpResponseDecoder}, whose header map, header strings and message objects per reply cost the
 * event loop an eighth of its time and most of its page faults (bench/PERFORMANCE.md); the engine
 * needs none of them. ReplyParserTest holds it to Netty's decoder on a corpus of replies split at
 * every byte.
 *
 * <p>Framing (RFC 9112 section 6.3): no body after HEAD, 1xx, 204 and 304; chunked when {@code
 * Transfer-Encoding} names it; else {@code Content-Length} (both at once is invalid); else the body
 * ends when the server closes. Interim 1xx replies (not 101) are skipped: the reply is the final one
 * after them. Keep-alive: HTTP/1.1 unless {@code Connection: close}, HTTP/1.0 only with {@code
 * Connection: keep-alive}, never after a 101. A status line over {@value #MAX_LINE_BYTES} bytes,
 * headers over {@value #MAX_HEADER_BYTES} bytes, a status line that is not {@code HTTP/d.d ddd}, a
 * line ended by LF alone, a bad or conflicting length or a bad chunk
 * size make the reply invalid, as they made Netty's decoder fail.
 *
 * <p>Lines are copied into one reused buffer as they are scanned (a status line, a header, a chunk
 * size); bodies are only counted, and copied as ISO-8859-1 text when the session's script reads
 * them. Not thread-safe: one per connection, on its event loop.
 */
final class ReplyParser {
  static final int MAX_LINE_BYTES = 8192;
  static final int MAX_HEADER_BYTES = 16384;

  /** What {@link #feed} found. */
  enum Step {
    /** The bytes given were used up; the reply goes on. */
    MORE,
    /** The final reply is complete; bytes after it are left unread. */
    DONE,
    /** The reply is not HTTP, or breaks a limit: {@link #why()} says how. */
    INVALID
  }

  private static final int STATUS = 0, HEADER = 1, BODY = 2, CHUNK_SIZE = 3, CHUNK_DATA = 4, CHUNK_END = 5,
      TRAILER = 6, UNTIL_CLOSE = 7, DONE = 8, INVALID = 9;

  private int state = DONE;
  private boolean head;
  private byte[] line = new byte[256];
  private int lineLength;
  /** The line in {@code line} was complete and read: the next one starts at 0. */
  private boolean pendingReset;
  private boolean lineTooLong;
  private boolean bareLf;
  private int headerBytes;
  private int status;
  private int finalStatus;
  private boolean http11;
  private boolean connectionClose;
  private boolean connectionKeepAlive;
  private boolean chunked;
  private long contentLength;
  private long remaining;
  private String why = "";

  /** Expects the reply to a new request; {@code headRequest} when it was a HEAD (no body). */
  void start(boolean headRequest) {
    head = headRequest;
    why = "";
    status = 0;
    finalStatus = 0;
    beginHead();
  }

  private void beginHead() {
    state = STATUS;
    lineLength = 0;
    pendingReset = false;
    lineTooLong = false;
    bareLf = false;
    headerBytes = 0;
    http11 = false;
    connectionClose = false;
    connectionKeepAlive = false;
    chunked = false;
    contentLength = -1;
  }

  /** The final reply's status; 0 until its head was complete (an interim reply's is not kept). */
  int status() {
    return finalStatus;
  }

  /** Whether the connection may carry another request after this reply. */
  boolean keepAlive() {
    // after a 101 the connection speaks another protocol: never another request of ours
    return !connectionClose && (http11 || connectionKeepAlive) && state != UNTIL_CLOSE && finalStatus != 101;
  }

  /** Why the reply is invalid; empty otherwise. */
  String why() {
    return why;
  }

  /** True while the reply's head (status line and headers) is not complete. */
  boolean inHead() {
    return state == STATUS || state == HEADER;
  }

  /**
   * Reads the reply from {@code in}, advancing its reader index; stops right after the final
   * reply's last byte. Body bytes are appended to {@code body} (ISO-8859-1) when it is not null.
   */
  Step feed(ByteBuf in, StringBuilder body) {
    while (true) {
      switch (state) {
        case STATUS, HEADER, CHUNK_SIZE, CHUNK_END, TRAILER -> {
          if (!readLine(in)) {
            if (lineTooLong) {
              return invalid(state == STATUS ? "status line longer than " + MAX_LINE_BYTES + " bytes"
                  : state == HEADER ? "headers longer than " + MAX_HEADER_BYTES + " bytes"
                  : "chunk line longer than " + MAX_LINE_BYTES + " bytes");
            }
            return Step.MORE;
          }
          if (bareLf) {
            return invalid("a line of the reply ends in LF without CR");
          }
          Step s = line();
          if (s != null) {
            return s;
          }
        }
        case BODY, CHUNK_DATA -> {
          int n = (int) Math.min(remaining, in.readableBytes());
          if (n == 0) {
            return Step.MORE;
          }
          if (body != null) {
            body.append(in.toString(in.readerIndex(), n, StandardCharsets.ISO_8859_1));
          }
          in.skipBytes(n);
          remaining -= n;
          if (remaining == 0) {
            if (state == BODY) {
              state = DONE;
              return Step.DONE;
            }
            state = CHUNK_END;
          }
        }
        case UNTIL_CLOSE -> {
          int n = in.readableBytes();
          if (body != null && n > 0) {
            body.append(in.toString(in.readerIndex(), n, StandardCharsets.ISO_8859_1));
          }
          in.skipBytes(n);
          return Step.MORE;
        }
        case DONE -> {
          return Step.DONE;
        }
        default -> {
          return Step.INVALID;
        }
      }
    }
  }

  /**
   * The server closed the connection: {@link Step#DONE} when the reply was delimited by the close
   * (its body had begun), else {@link Step#MORE} (the reply is incomplete).
   */
  Step closed() {
    if (state == UNTIL_CLOSE) {
      state = DONE;
      return Step.DONE;
    }
    return state == DONE ? Step.DONE : Step.MORE;
  }

  /** One complete line in {@code line}: acts on it; null to go on reading. */
  private Step line() {
    switch (state) {
      case STATUS -> {
        if (lineLength == 0) {
          return null; // empty lines before a status line are skipped, as Netty does
        }
        return statusLine();
      }
      case HEADER -> {
        if (lineLength == 0) {
          return endOfHead();
        }
        return header();
      }
      case CHUNK_SIZE -> {
        long size = chunkSize();
        if (size < 0) {
          return invalid("bad chunk size line \"" + lineText(40) + "\"");
        }
        if (size == 0) {
          state = TRAILER;
        } else {
          remaining = size;
          state = CHUNK_DATA;
        }
        return null;
      }
      case CHUNK_END -> {
        state = CHUNK_SIZE; // the CRLF after a chunk's data (its content is not checked, as Netty's)
        return null;
      }
      default -> { // TRAILER
        if (lineLength == 0) {
          state = DONE;
          return Step.DONE;
        }
        return null;
      }
    }
  }

  private Step statusLine() {
    byte[] l = line;
    int n = lineLength;
    if (n < 12 || l[0] != 'H' || l[1] != 'T' || l[2] != 'T' || l[3] != 'P' || l[4] != '/'
        || !digit(l[5]) || l[6] != '.' || !digit(l[7]) || l[8] != ' '
        || !digit(l[9]) || !digit(l[10]) || !digit(l[11]) || n > 12 && l[12] != ' ') {
      return invalid("not an HTTP status line: \"" + lineText(40) + "\"");
    }
    http11 = l[5] == '1' && l[7] >= '1' || l[5] > '1';
    int code = (l[9] - '0') * 100 + (l[10] - '0') * 10 + (l[11] - '0');
    status = code;
    state = HEADER;
    return null;
  }

  private Step header() {
    byte[] l = line;
    int n = lineLength;
    if (l[0] == ' ' || l[0] == '\t') {
      return null; // a folded continuation line: none of the headers read here is folded in practice
    }
    int colon = -1;
    for (int i = 0; i < n; i++) {
      if (l[i] == ':') {
        colon = i;
        break;
      }
    }
    if (colon <= 0) {
      return null; // not a header: ignored, as Netty does
    }
    int nameEnd = colon;
    while (nameEnd > 0 && (l[nameEnd - 1] == ' ' || l[nameEnd - 1] == '\t')) {
      nameEnd--;
    }
    int v = colon + 1;
    int vEnd = n;
    while (v < vEnd && (l[v] == ' ' || l[v] == '\t')) {
      v++;
    }
    while (vEnd > v && (l[vEnd - 1] == ' ' || l[vEnd - 1] == '\t')) {
      vEnd--;
    }
    if (nameIs(l, nameEnd, CONTENT_LENGTH)) {
      long len = 0;
      if (v == vEnd || vEnd - v > 18) {
        return invalid("bad Content-Length \"" + lineText(60) + "\"");
      }
      for (int i = v; i < vEnd; i++) {
        if (!digit(l[i])) {
          return invalid("bad Content-Length \"" + lineText(60) + "\"");
        }
        len = len * 10 + (l[i] - '0');
      }
      if (contentLength >= 0 && contentLength != len) {
        return invalid("two different Content-Length values (" + contentLength + ", " + len + ")");
      }
      contentLength = len;
    } else if (nameIs(l, nameEnd, TRANSFER_ENCODING)) {
      if (hasToken(l, v, vEnd, CHUNKED)) {
        chunked = true;
      }
    } else if (nameIs(l, nameEnd, CONNECTION)) {
      connectionClose |= hasToken(l, v, vEnd, CLOSE);
      connectionKeepAlive |= hasToken(l, v, vEnd, KEEP_ALIVE);
    }
    return null;
  }

  private Step endOfHead() {
    int code = status;
    if (code >= 100 && code < 200 && code != 101) {
      beginHead(); // interim: the final reply follows
      return null;
    }
    finalStatus = code;
    if (head || code == 204 || code == 304 || code == 101) {
      state = DONE;
      return Step.DONE;
    }
    if (chunked && contentLength >= 0) {
      // both: a reply that two parsers could frame differently (request smuggling); Netty refuses it
      return invalid("both Transfer-Encoding: chunked and Content-Length");
    }
    if (chunked) {
      state = CHUNK_SIZE;
    } else if (contentLength >= 0) {
      if (contentLength == 0) {
        state = DONE;
        return Step.DONE;
      }
      remaining = contentLength;
      state = BODY;
    } else {
      state = UNTIL_CLOSE;
    }
    return null;
  }

  /** The chunk size of the line in hex (extensions after ';' ignored), -1 when it is not one. */
  private long chunkSize() {
    long size = 0;
    int digits = 0;
    for (int i = 0; i < lineLength; i++) {
      byte b = line[i];
      int d = b >= '0' && b <= '9' ? b - '0' : b >= 'a' && b <= 'f' ? b - 'a' + 10 : b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
      if (d < 0) {
        if (b == ';' || b == ' ' || b == '\t') {
          break;
        }
        return -1;
      }
      if (++digits > 15) {
        return -1;
      }
      size = size * 16 + d;
    }
    return digits == 0 ? -1 : size;
  }

  /**
   * Copies bytes of {@code in} up to the next LF into {@code line} (CR before it dropped); true
   * when the line is complete. A line over its limit sets {@code lineTooLong}.
   */
  private boolean readLine(ByteBuf in) {
    if (pendingReset) {
      pendingReset = false;
      lineLength = 0;
    }
    int from = in.readerIndex();
    int lf = in.forEachByte(from, in.readableBytes(), ByteProcessor.FIND_LF);
    int end = lf < 0 ? in.writerIndex() : lf;
    int n = end - from;
    int limit = state == HEADER || state == TRAILER ? MAX_HEADER_BYTES - headerBytes : MAX_LINE_BYTES;
    if (lineLength + n > limit) {
      lineTooLong = true;
      in.skipBytes(in.readableBytes());
      return false;
    }
    if (lineLength + n > line.length) {
      line = java.util.Arrays.copyOf(line, Math.max(line.length * 2, lineLength + n));
    }
    in.getBytes(from, line, lineLength, n);
    lineLength += n;
    if (lf < 0) {
      in.readerIndex(end);
      return false;
    }
    in.readerIndex(lf + 1);
    if (state == HEADER || state == TRAILER) {
      headerBytes += lineLength + 1;
    }
    if (lineLength > 0 && line[lineLength - 1] == '\r') {
      lineLength--;
    } else {
      bareLf = true; // a line ended by LF alone: Netty's decoder refuses it, and so does this
    }
    pendingReset = true; // complete: the caller reads it; the next line starts at 0
    return true;
  }

  private Step invalid(String reason) {
    state = INVALID;
    why = reason;
    return Step.INVALID;
  }

  private String lineText(int max) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < Math.min(lineLength, max); i++) {
      byte b = line[i];
      s.append(b >= 32 && b < 127 ? (char) b : '?');
    }
    return lineLength > max ? s + "..." : s.toString();
  }

  private static boolean digit(byte b) {
    return b >= '0' && b <= '9';
  }

  private static final byte[] CONTENT_LENGTH = "content-length".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] TRANSFER_ENCODING = "transfer-encoding".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CONNECTION = "connection".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CHUNKED = "chunked".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CLOSE = "close".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] KEEP_ALIVE = "keep-alive".getBytes(StandardCharsets.US_ASCII);

  /** Whether {@code l[0, end)} is {@code name} (lower case), ignoring ASCII case. */
  private static boolean nameIs(byte[] l, int end, byte[] name) {
    if (end != name.length) {
      return false;
    }
    for (int i = 0; i < end; i++) {
      if ((l[i] | 0x20) != name[i]) { // names and tokens here are lower-case letters and '-' (0x2D | 0x20 is itself)
        return false;
      }
    }
    return true;
  }

  /** Whether the comma-separated list {@code l[from, to)} holds {@code token}, ignoring ASCII case. */
  private static boolean hasToken(byte[] l, int from, int to, byte[] token) {
    int i = from;
    while (i < to) {
      while (i < to && (l[i] == ' ' || l[i] == '\t' || l[i] == ',')) {
        i++;
      }
      int start = i;
      while (i < to && l[i] != ',') {
        i++;
      }
      int end = i;
      while (end > start && (l[end - 1] == ' ' || l[end - 1] == '\t')) {
        end--;
      }
      if (end - start == token.length) {
        boolean same = true;
        for (int k = 0; k < token.length && same; k++) {
          same = (l[start + k] | 0x20) == token[k];
        }
        if (same) {
          return true;
        }
      }
    }
    return false;
  }
}
