package io.crosscheck.schedule;

import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionScript;
import java.util.List;

/**
 * A planned session: a pure function of (workload, seed, session id).
 *
 * @param sessionId closed model: {@code user + k * users} for the user's k-th session; open and
 *     partly-open: the arrival index
 * @param userId the emulated user (closed: 0..users-1; open: the arrival index)
 * @param arrivalOffsetNanos intended start from the run's start for arriving sessions; -1 for
 *     closed sessions (they start when the user's previous session ends)
 * @param requests the requests in order; empty for a scripted session
 * @param script where a scripted session's requests come from; null otherwise
 */
public record SessionPlan(
    long sessionId, int userId, long arrivalOffsetNanos, List<RequestPlan> requests, SessionScript script) {
  public SessionPlan {
    requests = List.copyOf(requests);
  }

  /** A planned session whose requests are all known in advance. */
  public SessionPlan(long sessionId, int userId, long arrivalOffsetNanos, List<RequestPlan> requests) {
    this(sessionId, userId, arrivalOffsetNanos, requests, null);
  }

  /** True when the requests come from a {@link SessionScript} as replies arrive. */
  public boolean scripted() {
    return script != null;
  }

  /** Without the script object, whose identity differs per run: the digest reads this. */
  @Override
  public String toString() {
    return "SessionPlan[sessionId=" + sessionId + ", userId=" + userId + ", arrivalOffsetNanos="
        + arrivalOffsetNanos + ", requests=" + requests + (script == null ? "" : ", scripted") + "]";
  }
}
