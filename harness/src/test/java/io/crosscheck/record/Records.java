package io.crosscheck.record;

import io.crosscheck.model.Phase;

/** Test records. */
final class Records {
  private Records() {}

  /** A complete OK request: sent at {@code sendStartNanos}, served in {@code latencyNanos}. */
  static RequestRecord ok(long sessionId, int seq, String url, long sendStartNanos, long latencyNanos,
      Phase phase) {
    return of(sessionId, seq, url, Outcome.OK, 200, sendStartNanos, latencyNanos, phase, "");
  }

  static RequestRecord of(long sessionId, int seq, String url, Outcome outcome, int status,
      long sendStartNanos, long latencyNanos, Phase phase, String detail) {
    boolean complete = outcome == Outcome.OK || outcome == Outcome.HTTP_ERROR;
    return new RequestRecord(
        sessionId, (int) (sessionId % 100), seq, "GET", url, "127.0.0.1:" + (40000 + sessionId % 1000),
        sendStartNanos - 50_000, seq > 0, sendStartNanos - 1_000, sendStartNanos,
        complete ? sendStartNanos + latencyNanos / 2 : -1,
        complete ? sendStartNanos + latencyNanos : -1,
        status, 120, complete ? 2_200 : 0, outcome, phase, detail);
  }
}
