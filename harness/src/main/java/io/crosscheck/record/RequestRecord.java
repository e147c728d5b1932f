package io.crosscheck.record;

import io.crosscheck.model.Phase;

/**
 * One request as the generator saw it: the immutable unit at the recording boundary (engines and
 * the agent write the same record). Instants are monotonic nanoseconds ({@code System.nanoTime()}
 * of the generator's JVM); an instant that never happened is -1. Map them to wall clock only through
 * the run's calibrated clock offset.
 *
 * @param sessionId the session (see {@code SessionPlan.sessionId})
 * @param userId the emulated user
 * @param seq 0-based position of the request in its session
 * @param method HTTP method
 * @param url request target as sent (path and query)
 * @param connectionId client side {@code ip:port} of the connection, or empty when unknown
 * @param connectionOpenNanos when that connection's connect started; -1 when unknown
 * @param connectionReused true when the connection had carried an earlier request
 * @param intendedStartNanos when the workload wanted the request sent
 * @param sendStartNanos when the engine started writing the request
 * @param firstByteNanos when the first byte of the reply was read; -1 if none
 * @param lastByteNanos when the last byte of the reply was read; -1 if not complete
 * @param status HTTP status, 0 if none
 * @param requestBytes bytes written for the request
 * @param responseBytes bytes read for the reply (headers and body, as on the wire)
 * @param outcome how the request ended
 * @param phase the run phase of the intended start
 * @param detail a short reason for failures, empty otherwise
 */
public record RequestRecord(
    long sessionId,
    int userId,
    int seq,
    String method,
    String url,
    String connectionId,
    long connectionOpenNanos,
    boolean connectionReused,
    long intendedStartNanos,
    long sendStartNanos,
    long firstByteNanos,
    long lastByteNanos,
    int status,
    long requestBytes,
    long responseBytes,
    Outcome outcome,
    Phase phase,
    String detail) {

  /** Send start to last byte (the service latency), or -1 when the reply is incomplete. */
  public long latencyNanos() {
    return lastByteNanos >= 0 && sendStartNanos >= 0 ? lastByteNanos - sendStartNanos : -1;
  }

  /** Intended start to last byte (free of coordinated omission), or -1 when incomplete. */
  public long responseFromIntendedNanos() {
    return lastByteNanos >= 0 && intendedStartNanos >= 0 ? lastByteNanos - intendedStartNanos : -1;
  }
}
