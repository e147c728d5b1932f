package io.crosscheck.record;

import io.crosscheck.model.Phase;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Accumulates the {@link Summary} of a run from its records: per URL path and overall over the
 * measure phase, outcome counts and impossible measurements over all phases. Single-writer: owned
 * by the {@link RecordingSink} writer thread (or a test); not thread-safe.
 */
final class SummaryAccumulator {
  private final LatencyAccumulator overall = new LatencyAccumulator();
  private final Map<String, LatencyAccumulator> perUrl = new TreeMap<>();
  private final long[] outcomeCounts = new long[Outcome.values().length];
  private long recordsTotal;
  private long impossibleMeasurements;

  void add(RequestRecord r) {
    recordsTotal++;
    if (r.outcome() != null) {
      outcomeCounts[r.outcome().ordinal()]++;
    }
    if (isImpossible(r)) {
      impossibleMeasurements++;
    }
    if (r.phase() != Phase.MEASURE) {
      return;
    }
    overall.add(r);
    perUrl.computeIfAbsent(pathOf(r.url()), k -> new LatencyAccumulator()).add(r);
  }

  /**
   * True when two instants of {@code r} that both happened are in an impossible order: a reply
   * byte before the send started, the last byte before the first, or completion before the
   * intended start.
   */
  static boolean isImpossible(RequestRecord r) {
    long send = r.sendStartNanos();
    long first = r.firstByteNanos();
    long last = r.lastByteNanos();
    long intended = r.intendedStartNanos();
    return (send >= 0 && first >= 0 && first < send)
        || (send >= 0 && last >= 0 && last < send)
        || (first >= 0 && last >= 0 && last < first)
        || (intended >= 0 && last >= 0 && last < intended);
  }

  /** The URL without its query string (and fragment). */
  static String pathOf(String url) {
    if (url == null) {
      return "";
    }
    int q = url.indexOf('?');
    int h = url.indexOf('#');
    int cut = q < 0 ? h : (h < 0 ? q : Math.min(q, h));
    return cut < 0 ? url : url.substring(0, cut);
  }

  /**
   * Builds the summary.
   *
   * @param measuredWindowNanos the part of the measure phase the run covered, which throughput is
   *     divided by; a value &lt;= 0 means unknown (or empty): no throughput, never the span of the
   *     records themselves (a run that sent a few requests early in its window would show a rate
   *     it never sustained)
   */
  Summary toSummary(long measuredWindowNanos) {
    long window = Math.max(0, measuredWindowNanos);
    List<UrlStats> rows = new ArrayList<>(perUrl.size());
    perUrl.forEach((url, acc) -> rows.add(acc.toStats(url, window)));
    Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    for (Outcome o : Outcome.values()) {
      counts.put(o, outcomeCounts[o.ordinal()]);
    }
    return new Summary(
        overall.toStats(UrlStats.ALL, window), rows, counts, recordsTotal, impossibleMeasurements,
        window);
  }

  /** Count, errors and service latency of one group of records. */
  private static final class LatencyAccumulator {
    // nanoseconds, 3 significant digits, grows as needed
    private final Histogram histogram = new Histogram(3);
    private final long[] errorsByOutcome = new long[Outcome.values().length];
    private long count;
    private long errors;
    private long latencyCount;
    private double sumNanos;
    private long maxNanos = Long.MIN_VALUE;

    void add(RequestRecord r) {
      count++;
      Outcome o = r.outcome();
      if (o == null || o.isError()) {
        errors++;
        if (o != null) {
          errorsByOutcome[o.ordinal()]++;
        }
      }
      if (o != Outcome.OK && o != Outcome.HTTP_ERROR) {
        return;
      }
      long latency = r.latencyNanos();
      if (r.lastByteNanos() < 0 || r.sendStartNanos() < 0 || latency < 0) {
        return; // incomplete, or impossible (counted by the caller)
      }
      histogram.recordValue(latency);
      latencyCount++;
      sumNanos += latency;
      maxNanos = Math.max(maxNanos, latency);
    }

    /**
     * The histogram reports the top of a percentile's bucket, which can lie above the exact
     * maximum; no recorded value is larger than the maximum, so that bounds it.
     */
    private long percentileNanos(double percentile) {
      return Math.min(histogram.getValueAtPercentile(percentile), maxNanos);
    }

    UrlStats toStats(String url, long windowNanos) {
      Map<Outcome, Long> byOutcome = new EnumMap<>(Outcome.class);
      for (Outcome o : Outcome.values()) {
        if (errorsByOutcome[o.ordinal()] > 0) {
          byOutcome.put(o, errorsByOutcome[o.ordinal()]);
        }
      }
      boolean any = latencyCount > 0;
      return new UrlStats(
          url,
          count,
          errors,
          byOutcome,
          latencyCount,
          any ? sumNanos / latencyCount / 1_000.0 : Double.NaN,
          any ? percentileNanos(50) / 1_000.0 : Double.NaN,
          any ? percentileNanos(90) / 1_000.0 : Double.NaN,
          any ? percentileNanos(99) / 1_000.0 : Double.NaN,
          any ? maxNanos / 1_000.0 : Double.NaN,
          windowNanos > 0 ? count * 1e9 / windowNanos : Double.NaN);
    }
  }
}
