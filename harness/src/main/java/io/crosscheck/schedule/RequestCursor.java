package io.crosscheck.schedule;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Walks a session's requests group by group for an engine, the same way for planned and scripted
 * sessions. A group is a request and the burst members that follow it (sent together, no think
 * between them); a scripted session's groups have one request each, since its next request is known
 * only from the previous reply. Not thread-safe: one per session, used by the thread that runs it.
 */
public final class RequestCursor {
  private final SessionPlan plan;
  /** The planned requests, drawn as the session goes (never all held). */
  private final Iterator<RequestPlan> requests;
  /** The request after the last group, drawn to see whether it belongs to it; null if none. */
  private RequestPlan lookahead;
  private boolean started;

  public RequestCursor(SessionPlan plan) {
    this.plan = plan;
    this.requests = plan.requestIterator();
    this.lookahead = requests.hasNext() ? requests.next() : null;
  }

  /** True when engines must keep reply bodies for this session. */
  public boolean needsBody() {
    return plan.scripted() && plan.script().needsBody();
  }

  /**
   * The next group, or an empty list when the session is over. Its first request's {@link
   * RequestPlan#thinkBeforeNanos()} is the think time before the group.
   *
   * @param previous the reply to the last request of the previous group (null before the first);
   *     read only by scripted sessions
   * @param phase the run's phase now, on the engine's clock (at that reply's end, or at the
   *     session's start before the first group); read only by scripted sessions (see {@link
   *     io.crosscheck.model.SessionScript#next(Reply, Phase)})
   */
  public List<RequestPlan> nextGroup(Reply previous, Phase phase) {
    if (plan.scripted()) {
      RequestPlan r = plan.script().next(started ? previous : null, phase);
      started = true;
      return r == null ? List.of() : List.of(r);
    }
    List<RequestPlan> group = new ArrayList<>(2);
    if (lookahead != null) {
      do {
        group.add(lookahead);
        lookahead = requests.hasNext() ? requests.next() : null;
      } while (lookahead != null && lookahead.burstWithPrevious());
    }
    return group;
  }
}
