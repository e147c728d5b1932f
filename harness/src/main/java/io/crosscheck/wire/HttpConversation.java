package io.crosscheck.wire;

import java.util.ArrayDeque;

/**
 * Pairs the requests and responses of one connection (HTTP/1.x answers in order) and reports each
 * exchange when its response ends, or with a note when the connection or capture ends first. A
 * request is pipelined when it starts while an earlier response on the connection is still
 * incomplete; a response whose framing was lost (truncated) has no known end, so it never makes
 * the next request pipelined. Not thread-safe.
 */
final class HttpConversation {
  static final String NOTE_NO_RESPONSE = "no-response";
  static final String NOTE_RESET = "reset";
  static final String NOTE_CLOSED = "closed";
  static final String NOTE_TRUNCATED = "truncated";
  static final String NOTE_CAPTURE_ENDED = "capture-ended";
  /** The exchange's instants run backwards in the capture's timestamps: no wire time can be taken from it. */
  static final String NOTE_TIMESTAMPS_BACKWARDS = "timestamps-backwards";
  /**
   * The request's first byte or the response's last was in bytes the capture lost, or held behind
   * them: the exchange is framed, but one of its instants is only when the loss became known (the
   * peer's acknowledgement), which can be a think time later. A two-host audit at 19,000 sessions
   * (7 s think, 10,471 packets dropped by the kernel) took such instants for replies' ends and judged
   * wire times of 7 s.
   */
  static final String NOTE_INSTANT_NOT_CAPTURED = "instant-not-captured";

  private final TcpConnection connection;
  private final ArrayDeque<PendingExchange> awaitingResponse = new ArrayDeque<>(4);
  private int nextRequestIndex;
  private long previousResponseEndEpochNanos = -1;

  HttpConversation(TcpConnection connection) {
    this.connection = connection;
  }

  /** A request head was parsed; its first byte came at {@code startEpochNanos}. */
  PendingExchange request(long startEpochNanos, long startOffset, String method, String url) {
    PendingExchange e = new PendingExchange();
    e.requestIndex = nextRequestIndex++;
    e.pipelined = previousResponseEndEpochNanos > startEpochNanos;
    if (!awaitingResponse.isEmpty()) { // (the usual case needs no iterator)
      for (PendingExchange earlier : awaitingResponse) {
        // a response whose framing was lost has no known end: not evidence of pipelining
        e.pipelined |= !earlier.truncated;
      }
    }
    e.method = method;
    e.url = url;
    e.headRequest = "HEAD".equals(method);
    e.requestStartEpochNanos = startEpochNanos;
    e.requestStartOffset = startOffset;
    e.requestEndEpochNanos = startEpochNanos;
    awaitingResponse.addLast(e);
    return e;
  }

  /**
   * A response (interim or final) starts; returns the exchange it answers, or null when no
   * captured request waits for one.
   */
  PendingExchange response(long startEpochNanos, long startOffset) {
    PendingExchange e = awaitingResponse.peekFirst();
    if (e == null) {
      connection.counters().unmatchedResponses++;
      return null;
    }
    if (e.firstResponseByteEpochNanos < 0) {
      e.firstResponseByteEpochNanos = startEpochNanos;
      e.responseStartOffset = startOffset;
    }
    return e;
  }

  /** The final response of {@code e} ended (note empty) or was cut short (note says why). */
  void responseEnded(PendingExchange e, String note) {
    if (awaitingResponse.peekFirst() == e) {
      awaitingResponse.pollFirst();
    } else if (!awaitingResponse.remove(e)) {
      return; // already reported
    }
    previousResponseEndEpochNanos = e.truncated ? -1 : e.lastResponseByteEpochNanos;
    connection.emit(e.freeze(connection, note));
  }

  /**
   * No more responses will come: every waiting exchange is reported with {@code note}, or {@code
   * no-response} (for a FIN) when none of its response was seen.
   */
  void endAll(String note) {
    PendingExchange e;
    while ((e = awaitingResponse.pollFirst()) != null) {
      String why = note;
      if (e.truncated) {
        why = NOTE_CAPTURE_ENDED.equals(note) ? note : NOTE_TRUNCATED;
      } else if (NOTE_CLOSED.equals(note) && e.firstResponseByteEpochNanos < 0) {
        why = NOTE_NO_RESPONSE;
      }
      connection.emit(e.freeze(connection, why));
    }
  }
}
