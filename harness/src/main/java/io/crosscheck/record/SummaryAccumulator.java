package io.crosscheck.record;

import io.crosscheck.model.Phase;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Accumulates the {@link Summary} of a run from its records: per URL path (the first {@value
 * #MAX_URL_PATHS} paths seen, the rest summed as {@value #OTHER_PATHS}) and overall over the measure phase, outcome counts and impossible measurements over all phases. Single-writer: owned
 * by the {@link RecordingSink} writer thread (or a test); not thread-safe.
 */
final class SummaryAccumulator {
  private final LatencyAccumulator overall = new LatencyAccumulator();
  private final Map<String, LatencyAccumulator> perUrl = new TreeMap<>();
  private final long[] outcomeCounts = new long[Outcome.values().length];
  private long recordsTotal;
  private long impossibleMeasurements;
  private final PaceAccumulator pace = new PaceAccumulator();

  void add(RequestRecord r) {
    recordsTotal++;
    pace.add(r);
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
    String path = pathOf(r.url());
    LatencyAccumulator own = perUrl.get(path);
    if (own == null) {
      // each path costs memory: past the bound (a bookstore's thousands of thumbnails), the rest are summed
      path = perUrl.size() < MAX_URL_PATHS ? path : OTHER_PATHS;
      own = perUrl.computeIfAbsent(path, k -> new LatencyAccumulator());
    }
    own.add(r);
  }

  /** At most this many paths get their own row; the rest are summed under {@link #OTHER_PATHS}. */
  static final int MAX_URL_PATHS = 1_000;

  /** The row of the paths beyond {@link #MAX_URL_PATHS}. */
  static final String OTHER_PATHS = "(other paths)";

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

  /**
   * The URL without its query string, fragment and path parameters ({@code ;jsessionid=...}: one
   * per session, they would make every session's pages paths of their own).
   */
  static String pathOf(String url) {
    if (url == null) {
      return "";
    }
    int cut = url.length();
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (c == '?' || c == '#' || c == ';') {
        cut = i;
        break;
      }
    }
    return url.substring(0, cut);
  }

  /**
   * Builds the summary.
   *
   * @param measuredWindowNanos the part of the measure phase the run covered, which throughput is
   *     divided by; a value &lt;= 0 means unknown (or empty): no throughput, never the span of the
   *     records themselves (a run that sent a few requests early in its window would show a rate
   *     it never sustained)
   * @param runStartNanos the run's offset 0 (ticker), the origin of the pace's "from second N";
   *     {@link Long#MIN_VALUE} when unknown: the first intended start stands in
   */
  Summary toSummary(long measuredWindowNanos, long runStartNanos) {
    long window = Math.max(0, measuredWindowNanos);
    List<UrlStats> rows = new ArrayList<>(perUrl.size());
    perUrl.forEach((url, acc) -> rows.add(acc.toStats(url, window)));
    Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    for (Outcome o : Outcome.values()) {
      counts.put(o, outcomeCounts[o.ordinal()]);
    }
    return new Summary(
        overall.toStats(UrlStats.ALL, window), rows, counts, recordsTotal, impossibleMeasurements,
        window, pace.toPace(runStartNanos));
  }

  /**
   * Whether the generator kept to its schedule: per second of intended start, the requests it
   * began late (connect or send start more than {@link Summary#LATE_NANOS} after the intended
   * start) or never sent ({@code generator-error}). The first second where at least 1% of the
   * scheduled requests (and at least {@link Summary#MIN_BEHIND_REQUESTS}) were late or not sent is where it "could not keep up".
   * Buckets are whole seconds of the ticker; at most {@link #MAX_BUCKETS} are kept, the oldest
   * judged and dropped first, so memory does not grow with the run's length.
   */
  static final class PaceAccumulator {
    static final int MAX_BUCKETS = 4096;
    // key: floorDiv(intendedStartNanos, 1 s); value: {scheduled, lateOrNotSent, first bad intended}
    private final TreeMap<Long, long[]> buckets = new TreeMap<>();
    private long scheduled;
    private long late;
    private long notSent;
    private long minIntendedNanos = Long.MAX_VALUE;
    private long behindFromIntendedNanos = Long.MIN_VALUE;
    // the last bucket used: records come roughly in intended order, so most skip the map (and a boxed key)
    private long lastSecond = Long.MIN_VALUE;
    private long[] lastBucket;

    void add(RequestRecord r) {
      long intended = r.intendedStartNanos();
      if (intended < 0) {
        return; // no schedule to keep (e.g. a record without an intended start)
      }
      scheduled++;
      minIntendedNanos = Math.min(minIntendedNanos, intended);
      boolean bad;
      if (r.outcome() == Outcome.GENERATOR_ERROR) {
        notSent++;
        bad = true;
      } else {
        // the instant the generator began the request: its connect when it opened one for it
        long began = !r.connectionReused() && r.connectionOpenNanos() >= 0 ? r.connectionOpenNanos()
            : r.sendStartNanos();
        bad = began >= 0 && began - intended > Summary.LATE_NANOS;
        if (bad) {
          late++;
        }
      }
      if (behindFromIntendedNanos != Long.MIN_VALUE) {
        return; // already judged
      }
      long second = Math.floorDiv(intended, 1_000_000_000L);
      long[] b = second == lastSecond ? lastBucket
          : buckets.computeIfAbsent(second, k -> new long[] {0, 0, Long.MAX_VALUE});
      lastSecond = second;
      lastBucket = b;
      b[0]++;
      if (bad) {
        b[1]++;
        b[2] = Math.min(b[2], intended);
      }
      while (buckets.size() > MAX_BUCKETS && behindFromIntendedNanos == Long.MIN_VALUE) {
        judge(buckets.pollFirstEntry().getValue());
        lastSecond = Long.MIN_VALUE; // it may have been the bucket just judged and dropped
      }
    }

    private void judge(long[] b) {
      if (behindFromIntendedNanos == Long.MIN_VALUE && b[1] >= Summary.MIN_BEHIND_REQUESTS && b[1] * 100 >= b[0]) {
        behindFromIntendedNanos = b[2];
        buckets.clear();
      }
    }

    Summary.Pace toPace(long runStartNanos) {
      while (!buckets.isEmpty() && behindFromIntendedNanos == Long.MIN_VALUE) {
        judge(buckets.pollFirstEntry().getValue());
      }
      long origin = runStartNanos != Long.MIN_VALUE ? runStartNanos : minIntendedNanos;
      long fromSecond = behindFromIntendedNanos == Long.MIN_VALUE ? -1
          : Math.max(0, Math.floorDiv(behindFromIntendedNanos - origin, 1_000_000_000L));
      return new Summary.Pace(scheduled, late, notSent, Summary.LATE_NANOS, fromSecond);
    }
  }

  /**
   * Count, errors and service latency of one group of records. The latencies are kept as they
   * are up to {@value #RAW_LATENCIES}, then in a histogram (nanoseconds, 3 significant digits, grows
   * as needed: tens of KiB, too much for each of a bookstore's thousands of rarely fetched images);
   * either way the percentiles are the histogram's.
   */
  private static final class LatencyAccumulator {
    private static final int RAW_LATENCIES = 64;
    private long[] raw = new long[4];
    private Histogram histogram;
    private final long[] errorsByOutcome = new long[Outcome.values().length];
    private long count;
    private long attempted;
    private long errors;
    private long latencyCount;
    private double sumNanos;
    private long maxNanos = Long.MIN_VALUE;

    void add(RequestRecord r) {
      count++;
      Outcome o = r.outcome();
      if (o != Outcome.GENERATOR_ERROR) {
        attempted++; // the generator tried it: it counts in the rate that happened
      }
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
      if (histogram != null) {
        histogram.recordValue(latency);
      } else if (latencyCount < RAW_LATENCIES) {
        if (latencyCount == raw.length) {
          raw = java.util.Arrays.copyOf(raw, raw.length * 2);
        }
        raw[(int) latencyCount] = latency;
      } else {
        histogram = histogramOf(raw, (int) latencyCount);
        histogram.recordValue(latency);
        raw = null;
      }
      latencyCount++;
      sumNanos += latency;
      maxNanos = Math.max(maxNanos, latency);
    }

    /**
     * The histogram reports the top of a percentile's bucket, which can lie above the exact
     * maximum; no recorded value is larger than the maximum, so that bounds it.
     */
    private long percentileNanos(Histogram h, double percentile) {
      return Math.min(h.getValueAtPercentile(percentile), maxNanos);
    }

    private static Histogram histogramOf(long[] values, int n) {
      Histogram h = new Histogram(3);
      for (int i = 0; i < n; i++) {
        h.recordValue(values[i]);
      }
      return h;
    }

    UrlStats toStats(String url, long windowNanos) {
      Map<Outcome, Long> byOutcome = new EnumMap<>(Outcome.class);
      for (Outcome o : Outcome.values()) {
        if (errorsByOutcome[o.ordinal()] > 0) {
          byOutcome.put(o, errorsByOutcome[o.ordinal()]);
        }
      }
      boolean any = latencyCount > 0;
      Histogram h = histogram != null ? histogram : histogramOf(raw, (int) latencyCount);
      return new UrlStats(
          url,
          count,
          errors,
          byOutcome,
          latencyCount,
          any ? sumNanos / latencyCount / 1_000.0 : Double.NaN,
          any ? percentileNanos(h, 50) / 1_000.0 : Double.NaN,
          any ? percentileNanos(h, 90) / 1_000.0 : Double.NaN,
          any ? percentileNanos(h, 99) / 1_000.0 : Double.NaN,
          any ? maxNanos / 1_000.0 : Double.NaN,
          windowNanos > 0 ? attempted * 1e9 / windowNanos : Double.NaN);
    }
  }
}
