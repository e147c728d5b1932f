package io.crosscheck.wire;

import java.util.ArrayDeque;
import java.util.Iterator;

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
  /** The capture lost (or the snap length cut) bytes of this connection: a reply may have been lost unseen. */
  private boolean bytesLost;
  /** A request seen at its instant started before the reply to an earlier one had ended. */
  private boolean pipeliningSeen;
  /**
   * The request stream is in bytes the capture lost, since a stand-in ({@link
   * PendingExchange#requestHeadLost}) and with no captured request after it: it may hold more
   * requests.
   */
  private boolean requestsLostOpen;
  /** The server's acknowledgement of the request stream when it began its latest captured reply. */
  private long lastReplyAcknowledgedOffset = Long.MIN_VALUE;

  HttpConversation(TcpConnection connection) {
    this.connection = connection;
  }

  /**
   * A request head was parsed; its first byte came at {@code startEpochNanos}, seen then ({@code
   * startSeen}) or held behind bytes the capture lost.
   */
  PendingExchange request(long startEpochNanos, long startOffset, boolean startSeen, String method, String url) {
    requestsLostOpen = false;
    PendingExchange e = newExchange(startEpochNanos, startOffset, method, url);
    e.pipelined = previousResponseEndEpochNanos > startEpochNanos;
    // a request still waiting is evidence only where no reply can have been lost unseen: before any
    // loss on the connection (once the reply direction is in lost bytes, the replies of the requests
    // after the loss are in them too, unseen), for a request seen at its instant (one held behind
    // lost bytes is handed on after replies that came later), and once the reply direction has an
    // acknowledged position (a connection captured from its middle has lost its first replies)
    if (startSeen && !bytesLost && !awaitingResponse.isEmpty()
        && connection.responseBytesAcknowledged() != Long.MIN_VALUE) {
      for (PendingExchange earlier : awaitingResponse) {
        // a response whose framing was lost has no known end, and a request the capture lost has
        // no known start: neither is evidence of pipelining
        e.pipelined |= !earlier.truncated && !earlier.requestHeadLost;
      }
    }
    pipeliningSeen |= e.pipelined;
    awaitingResponse.addLast(e);
    return e;
  }

  /**
   * A request began in bytes the capture lost (at {@code startOffset}; the instant is only when the
   * loss became known): a stand-in for it, and for any more requests in those bytes until one is
   * shown by a reply ({@link #response}).
   */
  PendingExchange requestHeadLost(long epochNanos, long startOffset) {
    requestsLostOpen = true;
    PendingExchange e = newStandIn(epochNanos, startOffset);
    awaitingResponse.addLast(e);
    return e;
  }

  /** An exchange for a request whose head the capture lost: no method, no URL, no wire time. */
  private PendingExchange newStandIn(long epochNanos, long startOffset) {
    PendingExchange e = newExchange(epochNanos, startOffset, "", "");
    e.requestHeadLost = true;
    e.instantNotCaptured = true;
    return e;
  }

  /** See {@link TcpConnection#requestBytesAcknowledged}. */
  long requestBytesAcknowledged() {
    return connection.requestBytesAcknowledged();
  }

  /** The capture lost bytes of this connection (either direction). */
  void bytesLost() {
    bytesLost = true;
  }

  private PendingExchange newExchange(long startEpochNanos, long startOffset, String method, String url) {
    PendingExchange e = new PendingExchange();
    e.requestIndex = nextRequestIndex++;
    e.method = method;
    e.url = url;
    e.headRequest = "HEAD".equals(method);
    e.requestStartEpochNanos = startEpochNanos;
    e.requestStartOffset = startOffset;
    e.requestEndEpochNanos = startEpochNanos;
    return e;
  }

  /**
   * A response (interim or final) starts; returns the exchange it answers, or null when none does.
   * HTTP/1.x answers in order, so that is the oldest waiting request, unless the server's
   * acknowledgement when the reply's first byte was seen ({@code startSeen}; {@code acknowledged}, a
   * request stream offset, {@link Long#MIN_VALUE} when no acknowledgement was seen) says otherwise:
   *
   * <ul>
   *   <li>it did not yet cover a byte of that request: the server had not received it, so this
   *       reply is not its answer (a 408 racing the request, or the reply to a request the capture
   *       lost) and is counted unmatched;
   *   <li>unless a request on the connection was pipelined, a reply answers the latest waiting
   *       request the server had begun to receive: the older ones were answered in bytes the
   *       capture lost (or before a capture that began mid-connection) and end {@code truncated};
   *       and while the request stream is in lost bytes, a reply whose server had received more of
   *       them than at the previous reply answers one more request the capture lost (a new
   *       stand-in).
   * </ul>
   */
  PendingExchange response(long startEpochNanos, long startOffset, boolean startSeen, long acknowledged) {
    if (startSeen && acknowledged != Long.MIN_VALUE) {
      if (!pipeliningSeen) {
        answeredInLostBytes(acknowledged);
      }
      // (a stand-in and no captured request after it: nothing can wait but stand-ins answered already)
      if (awaitingResponse.isEmpty() && requestsLostOpen
          && lastReplyAcknowledgedOffset != Long.MIN_VALUE && acknowledged > lastReplyAcknowledgedOffset) {
        PendingExchange lost = newStandIn(startEpochNanos, lastReplyAcknowledgedOffset);
        lost.requestBytes = acknowledged - lastReplyAcknowledgedOffset;
        awaitingResponse.addLast(lost);
      }
      lastReplyAcknowledgedOffset = acknowledged;
    }
    PendingExchange e = awaitingResponse.peekFirst();
    if (e == null || startSeen && acknowledged != Long.MIN_VALUE && e.requestStartOffset >= acknowledged) {
      connection.counters().unmatchedResponses++;
      return null;
    }
    if (e.firstResponseByteEpochNanos < 0) {
      e.firstResponseByteEpochNanos = startEpochNanos;
      e.responseStartOffset = startOffset;
      e.responseStartSeen = startSeen;
    }
    return e;
  }

  /**
   * Ends, {@code truncated}, every waiting exchange before the latest one whose request the server
   * had begun to receive ({@code acknowledged}): without pipelining, their replies came before this
   * one, in bytes the capture lost.
   */
  private void answeredInLostBytes(long acknowledged) {
    while (awaitingResponse.size() > 1) {
      Iterator<PendingExchange> it = awaitingResponse.iterator();
      PendingExchange first = it.next();
      if (it.next().requestStartOffset >= acknowledged) {
        return;
      }
      first.truncated = true;
      responseEnded(first, NOTE_TRUNCATED);
    }
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
