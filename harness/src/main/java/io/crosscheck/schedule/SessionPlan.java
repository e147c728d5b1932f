package io.crosscheck.schedule;

import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionScript;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A planned session: a pure function of (workload, seed, session id).
 *
 * <p>Its requests are not held: they are drawn in order, on demand, from the session's seeded
 * stream ({@link #requestIterator()}), so a session of a hundred million requests (a wrk-style
 * endless session) costs what a session of one does. {@link #requests()} materialises them, for
 * tests and short sessions only.
 *
 * <p>Immutable; each {@link #requestIterator()} is a fresh walk from the first request.
 */
public final class SessionPlan {
  /**
   * Requests per session that {@link #toString()} (and so the schedule's digest) spells out; a
   * longer session adds its count instead of the rest, so the digest's cost and memory do not grow
   * with session length. Every request is still a pure function of the workload, which the digest
   * covers in full.
   */
  public static final int CANONICAL_REQUESTS = 64;

  private final long sessionId;
  private final int userId;
  private final long arrivalOffsetNanos;
  private final int requestCount;
  private final Supplier<Iterator<RequestPlan>> requests;
  private final SessionScript script;

  /**
   * @param sessionId closed model: {@code user + k * users} for the user's k-th session; open and
   *     partly-open: the arrival index
   * @param userId the emulated user (closed: 0..users-1; open: the arrival index)
   * @param arrivalOffsetNanos intended start from the run's start for arriving sessions; -1 for
   *     closed sessions (they start when the user's previous session ends)
   * @param requestCount how many requests {@code requests} yields (0 for a scripted session)
   * @param requests a new walk over the requests in order, each call from the first
   * @param script where a scripted session's requests come from; null otherwise
   */
  SessionPlan(long sessionId, int userId, long arrivalOffsetNanos, int requestCount,
      Supplier<Iterator<RequestPlan>> requests, SessionScript script) {
    this.sessionId = sessionId;
    this.userId = userId;
    this.arrivalOffsetNanos = arrivalOffsetNanos;
    this.requestCount = requestCount;
    this.requests = Objects.requireNonNull(requests);
    this.script = script;
  }

  /** A planned session whose requests are all known in advance and held. */
  public SessionPlan(long sessionId, int userId, long arrivalOffsetNanos, List<RequestPlan> requests) {
    this(sessionId, userId, arrivalOffsetNanos, requests.size(), List.copyOf(requests)::iterator, null);
  }

  /** A scripted session: its requests come from {@code script} as replies arrive. */
  static SessionPlan scripted(long sessionId, int userId, long arrivalOffsetNanos, SessionScript script) {
    return new SessionPlan(sessionId, userId, arrivalOffsetNanos, 0,
        java.util.Collections::emptyIterator, Objects.requireNonNull(script));
  }

  public long sessionId() {
    return sessionId;
  }

  public int userId() {
    return userId;
  }

  public long arrivalOffsetNanos() {
    return arrivalOffsetNanos;
  }

  public SessionScript script() {
    return script;
  }

  /** How many requests the session has (0 for a scripted session: it decides as it goes). */
  public int requestCount() {
    return requestCount;
  }

  /** A new walk over the requests in order, drawn as it goes (constant memory). */
  public Iterator<RequestPlan> requestIterator() {
    return requests.get();
  }

  /**
   * Every request, materialised: for tests and short sessions. Engines walk {@link
   * #requestIterator()} (through {@link RequestCursor}) instead.
   */
  public List<RequestPlan> requests() {
    List<RequestPlan> all = new ArrayList<>(Math.min(requestCount, 1 << 16));
    requestIterator().forEachRemaining(all::add);
    return List.copyOf(all);
  }

  /** True when the requests come from a {@link SessionScript} as replies arrive. */
  public boolean scripted() {
    return script != null;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SessionPlan p
        && sessionId == p.sessionId
        && userId == p.userId
        && arrivalOffsetNanos == p.arrivalOffsetNanos
        && requestCount == p.requestCount
        && Objects.equals(script, p.script)
        && canonicalRequests().equals(p.canonicalRequests());
  }

  @Override
  public int hashCode() {
    return Objects.hash(sessionId, userId, arrivalOffsetNanos, requestCount);
  }

  private String canonicalRequests() {
    StringBuilder out = new StringBuilder("[");
    Iterator<RequestPlan> it = requestIterator();
    for (int i = 0; i < CANONICAL_REQUESTS && it.hasNext(); i++) {
      out.append(i == 0 ? "" : ", ").append(it.next());
    }
    out.append(']');
    if (requestCount > CANONICAL_REQUESTS) {
      out.append(" and ").append(requestCount - CANONICAL_REQUESTS).append(" more");
    }
    return out.toString();
  }

  /**
   * The canonical text the digest reads: without the script object, whose identity differs per
   * run, and with at most {@value #CANONICAL_REQUESTS} requests spelled out (the same text as
   * before sessions were streamed, for sessions that short).
   */
  @Override
  public String toString() {
    return "SessionPlan[sessionId=" + sessionId + ", userId=" + userId + ", arrivalOffsetNanos="
        + arrivalOffsetNanos + ", requests=" + canonicalRequests() + (script == null ? "" : ", scripted") + "]";
  }
}
