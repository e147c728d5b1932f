package io.crosscheck.schedule;

import java.util.List;

/**
 * A planned session: a pure function of (workload, seed, session id).
 *
 * @param sessionId closed model: {@code user + k * users} for the user's k-th session; open and
 *     partly-open: the arrival index
 * @param userId the emulated user (closed: 0..users-1; open: the arrival index)
 * @param arrivalOffsetNanos intended start from the run's start for arriving sessions; -1 for
 *     closed sessions (they start when the user's previous session ends)
 * @param requests the requests in order
 */
public record SessionPlan(
    long sessionId, int userId, long arrivalOffsetNanos, List<RequestPlan> requests) {
  public SessionPlan {
    requests = List.copyOf(requests);
  }
}
