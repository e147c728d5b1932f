package io.crosscheck.wire;

/**
 * The mutable state of one HTTP exchange while its connection is being rebuilt; frozen into a
 * {@link WireExchange} when its response ends or its connection does. Instants are capture wall
 * clock, epoch nanoseconds, -1 when not seen; offsets are positions in the direction's stream.
 */
final class PendingExchange {
  int requestIndex;
  boolean pipelined;
  String method = "";
  String url = "";
  /** {@link #url} is the captured prefix of a target the snap length (or a gap) cut. */
  boolean urlTruncated;
  boolean headRequest;
  long requestStartEpochNanos = -1;
  long requestStartOffset;
  long requestEndEpochNanos = -1;
  long requestBytes;
  long firstResponseByteEpochNanos = -1;
  long responseStartOffset;
  long lastResponseByteEpochNanos = -1;
  long responseBytes;
  int status;
  /** The response's framing was lost (snap length or capture loss in a chunk header or head). */
  boolean truncated;
  /** The request's first byte or the response's last was not seen at its instant (capture loss). */
  boolean instantNotCaptured;
  /**
   * The request's head was in bytes the capture lost: a stand-in for one or more requests of
   * unknown method, target and count, never evidence of pipelining.
   */
  boolean requestHeadLost;
  /** {@link #firstResponseByteEpochNanos} is when that byte passed the capture point (not a gap's instant). */
  boolean responseStartSeen;

  /** Request bytes up to {@code endOffset} arrived, the last of them in a segment at this instant. */
  void requestProgress(long epochNanos, long endOffset) {
    requestEndEpochNanos = epochNanos;
    requestBytes = endOffset - requestStartOffset;
  }

  /** Response bytes up to {@code endOffset} arrived, the last of them in a segment at this instant. */
  void responseProgress(long epochNanos, long endOffset) {
    lastResponseByteEpochNanos = epochNanos;
    responseBytes = endOffset - responseStartOffset;
  }

  /**
   * A response byte before the request's first, a last response byte before the first, or a request end before
   * its start: impossible on one clock in one capture, so the capture's timestamps run backwards. Only instants
   * the capture saw are evidence: a gap's instant is only a guess (when a loss became known or, at the end of a
   * connection, the last instant before it), and an exchange with such an instant has no wire time anyway.
   */
  private boolean instantsRunBackwards() {
    if (instantNotCaptured || !responseStartSeen && firstResponseByteEpochNanos >= 0) {
      return false;
    }
    return requestEndEpochNanos >= 0 && requestEndEpochNanos < requestStartEpochNanos
        || firstResponseByteEpochNanos >= 0 && firstResponseByteEpochNanos < requestStartEpochNanos
        || lastResponseByteEpochNanos >= 0 && firstResponseByteEpochNanos >= 0
            && lastResponseByteEpochNanos < firstResponseByteEpochNanos;
  }

  WireExchange freeze(TcpConnection connection, String note) {
    if (note.isEmpty() && instantNotCaptured) {
      // on every path an exchange ends by: no wire time from an instant the capture did not see
      note = HttpConversation.NOTE_INSTANT_NOT_CAPTURED;
    }
    if (instantsRunBackwards()) {
      // counted and marked, never clamped: complete() is false, so no wire time is taken from it
      connection.counters().impossibleExchanges++;
      if (note.isEmpty()) {
        note = HttpConversation.NOTE_TIMESTAMPS_BACKWARDS;
      }
    }
    long connectNanos = requestIndex == 0 ? connection.connectNanos() : -1;
    return new WireExchange(connection.connectionId(), connection.openEpochNanos(),
        connection.serverAddress(), requestIndex, pipelined, connectNanos, requestStartEpochNanos,
        requestEndEpochNanos, firstResponseByteEpochNanos, lastResponseByteEpochNanos, method, url,
        status, requestBytes, responseBytes, note, urlTruncated);
  }
}
