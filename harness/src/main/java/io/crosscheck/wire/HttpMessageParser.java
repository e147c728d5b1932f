package io.crosscheck.wire;

import java.util.Arrays;

/**
 * Frames the HTTP/1.x messages of one direction of a reassembled connection: requests (client to
 * server) or responses. Heads are parsed where they lie in the segment and copied only when split
 * across segments; bodies are counted by stream position, so a body whose bytes the snap length
 * cut (known length, unknown content) is still framed by Content-Length or, while chunk headers
 * are visible, by chunk sizes.
 *
 * <p>Framing: Content-Length; chunked (chunk sizes, extensions, trailers); responses without
 * either end at the close (close-delimited); responses to HEAD, 1xx, 204 and 304 have no body;
 * interim 1xx responses belong to the exchange of the final response that follows. After a 101
 * the connection is no longer HTTP and both directions are ignored.
 *
 * <p>Where framing is lost (a head or chunk header in bytes not captured) the parser is {@code
 * LOST}: the message in progress keeps every byte until a segment starts with a new message
 * ({@code HTTP/1.} or a request method) or the stream ends, and is reported {@code truncated}.
 * Streams that start mid-connection begin in {@code SYNC}: bytes are skipped until a segment
 * starts with a message. Bytes that are not HTTP are counted ({@link WireStats#unparsableHttp})
 * and skipped the same way. Not thread-safe.
 */
final class HttpMessageParser {
  private static final int START = 0, HEAD = 1, BODY = 2, CHUNK_SIZE = 3, CHUNK_DATA = 4,
      CHUNK_DATA_END = 5, TRAILER = 6, CLOSE_DELIMITED = 7, SYNC = 8, LOST = 9, IGNORE = 10;
  private static final int MAX_CHUNK_LINE_BYTES = 4_096;
  private static final byte[] NO_BYTES = {};

  private final boolean response;
  private final HttpConversation conversation;
  private final WireCounters counters;
  private final int maxHeaderBytes;
  private HttpMessageParser peer;

  private int state;
  /** The piece being parsed was seen by the capture at its instant ({@link #data}). */
  private boolean pieceSeen = true;
  /** The message in progress began in a piece seen at its instant. */
  private boolean messageStartSeen = true;
  /** Stream offset of the next segment's first byte. */
  private long offset;
  /** {@code offset - off} for the segment being parsed: the stream offset of {@code data[i]} is {@code base + i}. */
  private long base;
  /** A head split across segments, copied; allocated by the first such head. */
  private byte[] head = NO_BYTES;
  /** The reconstructor's, shared: filled by {@link HttpHead#scan} and read at once. */
  private final HttpHead parsedHead;
  private int headLength;
  private int lineStart;
  private long messageStartOffset;
  private long messageStartEpochNanos;
  /**
   * For a response: how much of the request stream the server had acknowledged when the message's
   * first byte was handed on ({@link TcpConnection#requestBytesAcknowledged}), taken then: a head
   * split across segments is parsed later, when the server may have received more.
   */
  private long messageStartAcknowledged = Long.MIN_VALUE;
  private long remaining;
  private long chunkSize;
  private int chunkDigits;
  private int lineBytes;
  private boolean chunkExtension;
  private boolean interim;
  /** The exchange the message in progress belongs to; null when none (or unmatched). */
  private PendingExchange current;

  HttpMessageParser(boolean response, boolean fromStreamStart, HttpConversation conversation,
      WireCounters counters, HttpHead parsedHead, int maxHeaderBytes) {
    this.response = response;
    this.parsedHead = parsedHead;
    this.conversation = conversation;
    this.counters = counters;
    this.maxHeaderBytes = maxHeaderBytes;
    this.state = fromStreamStart ? START : SYNC;
  }

  void peer(HttpMessageParser peer) {
    this.peer = peer;
  }

  /**
   * The next piece of the stream: {@code totalBytes} long, the first {@code availableBytes} present.
   * {@code seen}: {@code epochNanos} is when the piece passed the capture point; false for bytes the
   * capture lost (a gap) and bytes held behind such a gap, whose instant is only when the loss
   * became known: a message that begins or ends in such a piece is reported {@code
   * instant-not-captured}.
   */
  void data(long epochNanos, boolean seen, byte[] data, int off, int availableBytes, int totalBytes) {
    pieceSeen = seen;
    if (totalBytes > availableBytes) {
      conversation.bytesLost();
    }
    if (state == SYNC || state == LOST) {
      if (availableBytes > 0 && looksLikeMessageStart(data, off, availableBytes)) {
        if (state == LOST) {
          endLost(HttpConversation.NOTE_TRUNCATED);
        }
        state = START;
      } else {
        offset += totalBytes;
        progress(epochNanos);
        return;
      }
    }
    base = offset - off;
    int i = off;
    int end = off + availableBytes;
    while (i < end) {
      switch (state) {
        case START -> {
          byte b = data[i];
          if (b == '\r' || b == '\n') {
            i++;
          } else {
            begin(epochNanos, base + i);
          }
        }
        case HEAD -> i = head(epochNanos, data, i, end);
        case BODY, CHUNK_DATA -> {
          int n = (int) Math.min(remaining, end - i);
          i += n;
          remaining -= n;
          if (remaining == 0) {
            bodyDone(epochNanos, base + i);
          }
        }
        case CHUNK_DATA_END -> {
          byte b = data[i++];
          if (b == '\n') {
            startChunkLine(CHUNK_SIZE);
          } else if (b != '\r') {
            garbled();
          }
        }
        case CHUNK_SIZE -> i = chunkSizeLine(data, i, end);
        case TRAILER -> i = trailer(epochNanos, data, i, end);
        default -> i = end; // CLOSE_DELIMITED, IGNORE, SYNC or LOST after garbage
      }
    }
    if (totalBytes > availableBytes) {
      unknown(epochNanos, offset + availableBytes, totalBytes - availableBytes);
    }
    offset += totalBytes;
    progress(epochNanos);
  }

  /** The stream ended (FIN), or the connection did (reset, capture end: {@code note}). */
  void end(String note) {
    if (response && current != null) {
      if (state == CLOSE_DELIMITED) {
        conversation.responseEnded(current, note.equals(HttpConversation.NOTE_CLOSED) ? "" : note);
      } else if (state == LOST) {
        endLost(note.equals(HttpConversation.NOTE_CAPTURE_ENDED) ? note : HttpConversation.NOTE_TRUNCATED);
      }
    }
    current = null;
    state = IGNORE;
  }

  private void ignoreRest() {
    current = null;
    state = IGNORE;
  }

  private void begin(long epochNanos, long streamOffset) {
    messageStartOffset = streamOffset;
    messageStartEpochNanos = epochNanos;
    messageStartSeen = pieceSeen;
    if (response) {
      messageStartAcknowledged = conversation.requestBytesAcknowledged();
    }
    headLength = 0;
    lineStart = 0;
    state = HEAD;
  }

  /**
   * Reads a head from {@code data[i, end)}. A head that lies whole in one segment (the usual case)
   * is parsed where it lies, in one pass; a head split across segments (or cut by the snap length)
   * is copied, a segment at a time, into {@link #head} and parsed once its blank line arrives.
   * Lines are tracked in head coordinates: byte {@code h} of the head is {@code head[h]} for {@code
   * h < headLength} and {@code data[h + shift]} for the bytes of this segment.
   */
  private int head(long epochNanos, byte[] data, int i, int end) {
    int start = headLength;
    // never look past the byte that would make the head longer than maxHeaderBytes
    int scanEnd = (int) Math.min(end, (long) i + maxHeaderBytes - start);
    if (start == 0) {
      if (!(response ? data[i] == 'H' : data[i] >= 'A' && data[i] <= 'Z')) {
        unparsable();
        return end;
      }
      int headEnd = parsedHead.scan(data, i, scanEnd, response);
      if (headEnd != HttpHead.INCOMPLETE) {
        headDone(epochNanos, base + headEnd, false);
        return headEnd;
      }
      lineStart = parsedHead.partialLineStart - i;
    } else {
      int shift = i - start;
      for (int k = HttpHead.indexOfNewline(data, i, scanEnd); k >= 0;
          k = HttpHead.indexOfNewline(data, k + 1, scanEnd)) {
        int lineEnd = k + 1 - shift;
        int length = lineEnd - 1 - lineStart;
        if (length == 0 || length == 1 && headByte(data, shift, lineStart) == '\r') {
          append(data, i, k + 1);
          parsedHead.scan(head, 0, headLength, response);
          headDone(epochNanos, base + k + 1, false);
          return k + 1;
        }
        lineStart = lineEnd;
      }
    }
    if (scanEnd < end) {
      unparsable(); // longer than maxHeaderBytes
      return end;
    }
    append(data, i, end);
    return end;
  }

  private byte headByte(byte[] data, int shift, int h) {
    return h < headLength ? head[h] : data[h + shift];
  }

  /** Copies {@code data[from, to)} to the end of {@link #head} (never more than maxHeaderBytes in all). */
  private void append(byte[] data, int from, int to) {
    int n = to - from;
    if (headLength + n > head.length) {
      int grown = Math.max(headLength + n, Math.max(512, 2 * head.length));
      head = Arrays.copyOf(head, Math.min(maxHeaderBytes, grown));
    }
    System.arraycopy(data, from, head, headLength, n);
    headLength += n;
  }

  /**
   * Acts on the head just {@linkplain HttpHead#scan scanned} into {@link #parsedHead}; {@code
   * truncated}: only its complete lines are present (the rest was not captured).
   */
  private void headDone(long epochNanos, long endOffset, boolean truncated) {
    HttpHead h = parsedHead;
    if (!h.valid) {
      unparsable();
      return;
    }
    int status = h.status;
    long contentLength = h.contentLength;
    boolean chunked = h.chunked;
    if (response) {
      current = conversation.response(messageStartEpochNanos, messageStartOffset, messageStartSeen,
          messageStartAcknowledged);
      interim = status >= 100 && status < 200 && status != 101;
      if (h.population != null) {
        counters.populationStated(h.population);
      }
      if (current != null) {
        current.status = status;
        if (truncated) {
          current.truncated = true;
        }
      }
    } else {
      current = conversation.request(messageStartEpochNanos, messageStartOffset, messageStartSeen, h.method, h.url);
    }
    if (truncated) {
      state = LOST;
      return;
    }
    boolean noBody = response && (interim || status == 101 || status == 204 || status == 304
        || current != null && current.headRequest);
    if (noBody || !chunked && contentLength == 0 || !response && !chunked && contentLength < 0) {
      complete(epochNanos, endOffset);
      if (status == 101) {
        ignoreRest();
        peer.ignoreRest();
      }
    } else if (chunked) {
      startChunkLine(CHUNK_SIZE);
    } else if (contentLength > 0) {
      remaining = contentLength;
      state = BODY;
    } else {
      state = CLOSE_DELIMITED;
    }
  }

  /** The head began in bytes that were not captured: the message exists, its framing is lost. */
  private void headLost(long epochNanos) {
    if (response) {
      current = conversation.response(messageStartEpochNanos, messageStartOffset, false, Long.MIN_VALUE);
      if (current != null) {
        current.truncated = true;
      }
    } else {
      current = conversation.requestHeadLost(messageStartEpochNanos, messageStartOffset);
    }
    state = LOST;
  }

  /**
   * The request line itself was cut (a long target: RUBiS RegisterItem, TPC-W buy request): the
   * exchange keeps the method and the target's captured prefix, marked {@code urlTruncated}; its
   * end is still known from the stream offsets, but its framing is not.
   */
  private void requestLineCut(long epochNanos) {
    boolean urlCut = parsedHead.scanCutRequestLine(head, 0, headLength);
    if (!parsedHead.valid) {
      headLost(epochNanos);
      return;
    }
    current = conversation.request(messageStartEpochNanos, messageStartOffset, messageStartSeen, parsedHead.method,
        parsedHead.url);
    current.urlTruncated = urlCut;
    state = LOST;
  }

  private void bodyDone(long epochNanos, long endOffset) {
    if (state == BODY) {
      complete(epochNanos, endOffset);
    } else {
      state = CHUNK_DATA_END;
    }
  }

  private void complete(long epochNanos, long endOffset) {
    PendingExchange e = current;
    current = null;
    state = START;
    if (e == null) {
      return;
    }
    // the message began or ended in a piece whose instant is not when it passed the capture point
    e.instantNotCaptured |= !messageStartSeen || !pieceSeen;
    if (response) {
      e.responseProgress(epochNanos, endOffset);
      if (!interim) {
        conversation.responseEnded(e, "");
      }
    } else {
      e.requestProgress(epochNanos, endOffset);
    }
  }

  private void progress(long epochNanos) {
    if (current != null && state != START) {
      if (response) {
        current.responseProgress(epochNanos, offset);
      } else {
        current.requestProgress(epochNanos, offset);
      }
    }
  }

  /** {@code count} bytes at {@code streamOffset} were not captured. */
  private void unknown(long epochNanos, long streamOffset, int count) {
    while (count > 0) {
      switch (state) {
        case BODY, CHUNK_DATA -> {
          int n = (int) Math.min(remaining, count);
          remaining -= n;
          count -= n;
          streamOffset += n;
          if (remaining == 0) {
            bodyDone(epochNanos, streamOffset);
          }
        }
        case START -> {
          begin(epochNanos, streamOffset);
          headLost(epochNanos);
          return;
        }
        case HEAD -> {
          if (lineStart > 0) {
            parsedHead.scan(head, 0, lineStart, response);
            headDone(epochNanos, streamOffset, true);
          } else if (!response && headLength > 0) {
            requestLineCut(epochNanos);
          } else {
            headLost(epochNanos);
          }
          return;
        }
        case CHUNK_SIZE, CHUNK_DATA_END, TRAILER -> {
          lose();
          return;
        }
        default -> {
          return;
        }
      }
    }
  }

  private void lose() {
    if (current != null && response) {
      current.truncated = true;
    }
    state = LOST;
  }

  private void endLost(String note) {
    PendingExchange e = current;
    current = null;
    if (response && e != null) {
      e.truncated = true;
      conversation.responseEnded(e, note);
    }
  }

  private void unparsable() {
    counters.unparsableHttp++;
    current = null;
    state = SYNC;
  }

  private void garbled() {
    counters.unparsableHttp++;
    lose();
  }

  private void startChunkLine(int next) {
    state = next;
    chunkSize = 0;
    chunkDigits = 0;
    lineBytes = 0;
    chunkExtension = false;
  }

  private int chunkSizeLine(byte[] data, int i, int end) {
    while (i < end) {
      byte b = data[i++];
      if (b == '\n') {
        if (chunkDigits == 0) {
          garbled();
          return end;
        }
        if (chunkSize == 0) {
          startChunkLine(TRAILER);
        } else {
          remaining = chunkSize;
          state = CHUNK_DATA;
        }
        return i;
      }
      if (++lineBytes > MAX_CHUNK_LINE_BYTES) {
        garbled();
        return end;
      }
      int digit = Character.digit(b, 16);
      if (chunkExtension || b == '\r' || b == ' ' || b == '\t') {
        continue;
      }
      if (b == ';') {
        chunkExtension = true;
      } else if (digit >= 0 && chunkDigits < 15) {
        chunkSize = chunkSize * 16 + digit;
        chunkDigits++;
      } else {
        garbled();
        return end;
      }
    }
    return i;
  }

  private int trailer(long epochNanos, byte[] data, int i, int end) {
    while (i < end) {
      byte b = data[i++];
      if (b == '\n') {
        if (lineBytes == 0) {
          complete(epochNanos, base + i);
          return i;
        }
        lineBytes = 0;
      } else if (b != '\r') {
        lineBytes++;
      }
    }
    return i;
  }

  private boolean looksLikeMessageStart(byte[] data, int off, int length) {
    return response ? HttpHead.looksLikeResponse(data, off, length) : HttpHead.looksLikeRequest(data, off, length);
  }
}
