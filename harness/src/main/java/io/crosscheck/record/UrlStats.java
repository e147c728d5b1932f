package io.crosscheck.record;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Statistics of one URL (or of all URLs) over the measure phase of a run: a row of {@link
 * Summary}. Latencies are service latencies (send start to last byte, {@link
 * RequestRecord#latencyNanos()}) of complete replies ({@link Outcome#OK} and {@link
 * Outcome#HTTP_ERROR}) in microseconds; they are {@code NaN} when there was no such reply.
 * Impossible (negative) latencies are left out here and counted in {@link
 * Summary#impossibleMeasurements()}. Immutable.
 *
 * @param url the URL path (query string removed, so that pages with ids group together), or
 *     {@link #ALL} for the total row
 * @param count records of the measure phase, whatever their outcome
 * @param errors records whose outcome is not {@link Outcome#OK}
 * @param errorsByOutcome {@code errors} split by outcome; only outcomes that occurred
 * @param latencyCount complete replies whose latency went into the figures below
 * @param meanMicros exact mean
 * @param p50Micros median (HdrHistogram, 3 significant digits)
 * @param p90Micros 90th percentile (HdrHistogram, 3 significant digits)
 * @param p99Micros 99th percentile (HdrHistogram, 3 significant digits)
 * @param maxMicros exact maximum
 * @param throughputPerSecond {@code count} divided by the measured window
 */
public record UrlStats(
    String url,
    long count,
    long errors,
    Map<Outcome, Long> errorsByOutcome,
    long latencyCount,
    double meanMicros,
    double p50Micros,
    double p90Micros,
    double p99Micros,
    double maxMicros,
    double throughputPerSecond) {

  /** The {@link #url()} of the total row. */
  public static final String ALL = "*";

  public UrlStats {
    EnumMap<Outcome, Long> copy = new EnumMap<>(Outcome.class);
    copy.putAll(errorsByOutcome);
    errorsByOutcome = Collections.unmodifiableMap(copy);
  }

  /** The row written to summary.json (NaN becomes null there). */
  SummaryJson.Row toJson() {
    Map<String, Long> byOutcome = new LinkedHashMap<>();
    errorsByOutcome.forEach((o, n) -> byOutcome.put(o.label(), n));
    return new SummaryJson.Row(url, count, errors, byOutcome, latencyCount, finite(meanMicros), finite(p50Micros),
        finite(p90Micros), finite(p99Micros), finite(maxMicros), finite(throughputPerSecond));
  }

  private static double finite(double d) {
    return Double.isFinite(d) ? d : Double.NaN;
  }
}
