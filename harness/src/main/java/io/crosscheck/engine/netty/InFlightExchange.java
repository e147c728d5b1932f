package io.crosscheck.engine.netty;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;

/**
 * One request in flight: the mutable holder an engine fills on the hot path and freezes into a
 * {@link RequestRecord} exactly once, when the request ends (STYLE.md: mutable holders on the hot
 * path, one immutable record at the sink). Instants are monotonic nanoseconds of the run's ticker.
 *
 * <p>Confined to the event loop of the connection that carries it; {@link #end} is guarded so
 * that a request ends once even when a timeout, a reset and an abort race.
 */
final class InFlightExchange {
  final SessionInstance session;
  final RequestPlan plan;
  final int lane;
  final long intendedStartNanos;
  final Phase phase;

  ClientConnection connection;
  boolean connectionReused;
  long sendStartNanos = -1;
  long firstByteNanos = -1;
  long lastByteNanos = -1;
  int status;
  long requestBytes;
  long responseBytes;
  /** The request's bytes have been flushed to the socket (its send start is stamped then). */
  boolean flushed;
  /** The reply body, ISO-8859-1, kept only when the session's script reads replies. */
  final StringBuilder body;
  private boolean ended;
  private Outcome outcome;
  private String detail = "";
  private long endNanos;

  InFlightExchange(SessionInstance session, RequestPlan plan, int lane, long intendedStartNanos, Phase phase) {
    this.session = session;
    this.plan = plan;
    this.lane = lane;
    this.intendedStartNanos = intendedStartNanos;
    this.phase = phase;
    this.body = session.cursor.needsBody() ? new StringBuilder() : null;
  }

  /** What the session's script sees of the reply. */
  Reply reply() {
    boolean complete = outcome == Outcome.OK || outcome == Outcome.HTTP_ERROR;
    return new Reply(status, complete, body == null ? "" : body.toString());
  }

  boolean ended() {
    return ended;
  }

  Outcome outcome() {
    return outcome;
  }

  /** When the request ended: the last reply byte, or the instant the failure was seen. */
  long endNanos() {
    return endNanos;
  }

  /**
   * Ends the request once; later calls return false and change nothing.
   *
   * @param nowNanos the instant the end was observed (used when no reply byte ended it)
   */
  boolean end(Outcome how, String why, long nowNanos) {
    if (ended) {
      return false;
    }
    ended = true;
    outcome = how;
    detail = why == null ? "" : why;
    endNanos = lastByteNanos >= 0 && (how == Outcome.OK || how == Outcome.HTTP_ERROR) ? lastByteNanos : nowNanos;
    return true;
  }

  RequestRecord toRecord() {
    ClientConnection c = connection;
    boolean complete = outcome == Outcome.OK || outcome == Outcome.HTTP_ERROR;
    return new RequestRecord(
        session.plan.sessionId(),
        session.plan.userId(),
        plan.seq(),
        plan.method(),
        plan.path(),
        c == null ? "" : c.id(),
        c == null ? -1 : c.openNanos(),
        connectionReused,
        intendedStartNanos,
        sendStartNanos,
        firstByteNanos,
        complete ? lastByteNanos : -1,
        status,
        requestBytes,
        responseBytes,
        outcome,
        phase,
        detail);
  }
}
