package io.crosscheck.record;

import org.HdrHistogram.Histogram;

/**
 * The one rule of which records latency.hlog holds and how: complete replies ({@link Outcome#OK},
 * {@link Outcome#HTTP_ERROR}) with a last byte, their service latency (send start to last byte,
 * tag {@value #TAG_SERVICE}) and response latency (intended start to last byte, free of
 * coordinated omission, tag {@value #TAG_RESPONSE}), each in <em>microseconds</em> (rounded) when
 * known (not negative), one interval per {@value #HLOG_INTERVAL_MILLIS} ms. Used by the run's
 * {@link LatencyHlogWriter} and by a merge that rebuilds a killed shard's histograms.
 *
 * <p>Thread-safety: stateless.
 */
public final class LatencyHistograms {
  /** The interval of latency.hlog. */
  public static final long HLOG_INTERVAL_MILLIS = 1_000;
  /** The tag of the service latency (send start to last byte) in latency.hlog. */
  public static final String TAG_SERVICE = "service";
  /** The tag of the response latency (intended start to last byte) in latency.hlog. */
  public static final String TAG_RESPONSE = "response";

  private LatencyHistograms() {}

  /** Whether {@code r} is a complete reply (ok, http-error): the only records latency.hlog holds. */
  public static boolean completeReply(RequestRecord r) {
    Outcome o = r.outcome();
    return (o == Outcome.OK || o == Outcome.HTTP_ERROR) && r.lastByteNanos() >= 0;
  }

  /** Whether latency.hlog's {@value #TAG_SERVICE} histogram holds {@code r}. */
  public static boolean inServiceHistogram(RequestRecord r) {
    return completeReply(r) && r.latencyNanos() >= 0;
  }

  /** {@code r}'s service latency as latency.hlog holds it, in microseconds (rounded). */
  public static long serviceMicros(RequestRecord r) {
    return roundMicros(r.latencyNanos());
  }

  /**
   * Records {@code r}'s latencies, in microseconds (rounded), as latency.hlog holds them: a complete
   * reply's service latency and its response latency, each when known.
   */
  public static void recordLatencies(RequestRecord r, Histogram serviceMicros, Histogram responseMicros) {
    if (!completeReply(r)) {
      return;
    }
    long service = r.latencyNanos();
    if (service >= 0) {
      serviceMicros.recordValue(roundMicros(service));
    }
    long response = r.responseFromIntendedNanos();
    if (response >= 0) {
      responseMicros.recordValue(roundMicros(response));
    }
  }

  private static long roundMicros(long nanos) {
    return (nanos + 500) / 1_000;
  }
}
