package io.crosscheck.record;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The statistics of one run, as written to {@code summary.json} and printed by {@link
 * SummaryTable}: per URL and overall {@link UrlStats} over the measure phase, plus record counts
 * per outcome over all phases. Produced by {@link RecordingSink#close()}. Immutable.
 */
public final class Summary {
  /** A rate is given only over a window at least this long: 2 s. */
  public static final long MIN_RATE_WINDOW_NANOS = 2_000_000_000L;
  /** A rate is given only over at least this many requests. */
  public static final long MIN_RATE_REQUESTS = 10;
  /**
   * A request is late when the generator began it (its connect, or its send on a reused
   * connection) more than this after its intended start: 10 ms, above a GC pause or a timer's
   * jitter, far below a think time. With the browser policy a burst member waiting for one of its
   * session's K connections counts as late too.
   */
  public static final long LATE_NANOS = 10_000_000L;
  /**
   * A second counts as "could not keep up" only with at least this many late or unsent requests
   * (and at least 1% of that second's): a cold start's first few connects are not a trend.
   */
  public static final long MIN_BEHIND_REQUESTS = 10;

  /**
   * Whether the generator kept to its schedule (all phases).
   *
   * @param scheduled records with an intended start
   * @param late records begun more than {@code lateThresholdNanos} after their intended start
   * @param notSent records the generator failed itself ({@code generator-error}): never sent
   * @param lateThresholdNanos {@link #LATE_NANOS}
   * @param behindFromSecond the first second of the run (0-based, by intended start) where at
   *     least 1% of the scheduled requests, and at least {@link #MIN_BEHIND_REQUESTS}, were late or
   *     not sent; -1 when there was none
   */
  public record Pace(long scheduled, long late, long notSent, long lateThresholdNanos, long behindFromSecond) {
    /** No records: nothing to judge. */
    public static final Pace NONE = new Pace(0, 0, 0, LATE_NANOS, -1);

    /** True when the generator fell behind its schedule somewhere. */
    public boolean fellBehind() {
      return behindFromSecond >= 0;
    }

    /**
     * {@code "the generator could not keep up from second 1: 120,000 of 150,000 scheduled requests
     * were sent late or not at all (...)"}, or null when it kept up.
     */
    public String describe() {
      if (!fellBehind()) {
        return null;
      }
      return String.format(Locale.ROOT, "the generator could not keep up from second %d: %,d of %,d scheduled"
          + " requests were sent late or not at all (%,d begun > %d ms after their intended start, %,d not sent"
          + " (generator-error))", behindFromSecond, late + notSent, scheduled, late,
          lateThresholdNanos / 1_000_000L, notSent);
    }

    /**
     * The verdict with the evidence it rests on, the one wording of the summary's {@code pace:}
     * line and the findings' pace section: {@link #describe()} when the generator fell behind, else
     * {@code "kept to its schedule: 0 late (begun > 10 ms after the intended start) and 0 not sent
     * of 50"}, then {@code "; from 50 records with an intended start (requests.csv, the generator's
     * monotonic clock)"}; {@code "not judged: no record has an intended start"} without evidence.
     */
    public String statement() {
      if (scheduled == 0) {
        return "not judged: no record has an intended start";
      }
      String verdict = fellBehind() ? describe() : String.format(Locale.ROOT, "kept to its schedule: %,d late"
          + " (begun > %d ms after the intended start) and %,d not sent of %,d", late,
          lateThresholdNanos / 1_000_000L, notSent, scheduled);
      return verdict + String.format(Locale.ROOT, "; from %,d records with an intended start (requests.csv, the"
          + " generator's monotonic clock)", scheduled);
    }
  }

  /**
   * The pace of {@code records} alone, "from second N" counted from their first intended start (the
   * summary's own pace counts from the run's start).
   */
  public static Pace paceOf(Iterable<RequestRecord> records) {
    SummaryAccumulator.PaceAccumulator acc = new SummaryAccumulator.PaceAccumulator();
    records.forEach(acc::add);
    return acc.toPace(Long.MIN_VALUE);
  }

  private final UrlStats overall;
  private final List<UrlStats> perUrl;
  private final Map<Outcome, Long> outcomeCounts;
  private final long recordsTotal;
  private final long impossibleMeasurements;
  private final long measuredWindowNanos;
  private final Pace pace;

  /**
   * @param overall the total row ({@link UrlStats#ALL})
   * @param perUrl one row per URL; kept in the given order
   * @param outcomeCounts records per outcome over all phases; missing outcomes count 0
   * @param recordsTotal records of all phases
   * @param impossibleMeasurements records with a negative duration between their instants (all
   *     phases), counted, never clamped
   * @param measuredWindowNanos the window throughput is divided by; 0 when unknown
   * @param pace whether the generator kept to its schedule ({@link Pace#NONE} when not known)
   */
  public Summary(
      UrlStats overall,
      List<UrlStats> perUrl,
      Map<Outcome, Long> outcomeCounts,
      long recordsTotal,
      long impossibleMeasurements,
      long measuredWindowNanos,
      Pace pace) {
    this.pace = pace;
    this.overall = overall;
    this.perUrl = List.copyOf(perUrl);
    EnumMap<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    for (Outcome o : Outcome.values()) {
      counts.put(o, outcomeCounts.getOrDefault(o, 0L));
    }
    this.outcomeCounts = Collections.unmodifiableMap(counts);
    this.recordsTotal = recordsTotal;
    this.impossibleMeasurements = impossibleMeasurements;
    this.measuredWindowNanos = measuredWindowNanos;
  }

  /** The total row over all URLs of the measure phase. */
  public UrlStats overall() {
    return overall;
  }

  /** One row per URL of the measure phase, sorted by URL. */
  public List<UrlStats> perUrl() {
    return perUrl;
  }

  /** The row of one URL path, or null when it was not requested in the measure phase. */
  public UrlStats url(String url) {
    for (UrlStats s : perUrl) {
      if (s.url().equals(url)) {
        return s;
      }
    }
    return null;
  }

  /** Records per outcome over all phases; every outcome is present (0 when none). */
  public Map<Outcome, Long> outcomeCounts() {
    return outcomeCounts;
  }

  /** Records of all phases. */
  public long recordsTotal() {
    return recordsTotal;
  }

  /** Records with a negative duration between their instants (all phases); never clamped. */
  public long impossibleMeasurements() {
    return impossibleMeasurements;
  }

  /** Whether the generator kept to its schedule. */
  public Pace pace() {
    return pace;
  }

  /** The window throughput was divided by, in nanoseconds; 0 when unknown. */
  public long measuredWindowNanos() {
    return measuredWindowNanos;
  }

  /**
   * Whether {@code count} requests over {@link #measuredWindowNanos()} give a rate worth printing:
   * at least {@link #MIN_RATE_REQUESTS} requests over at least {@link #MIN_RATE_WINDOW_NANOS}.
   * Below that a figure such as 41.88/s from 4 requests in 0.096 s states a precision the run
   * does not have; the count and the window are given instead.
   */
  public boolean givesRate(long count) {
    return count >= MIN_RATE_REQUESTS && measuredWindowNanos >= MIN_RATE_WINDOW_NANOS;
  }

  /**
   * Why {@code count} requests give no rate ({@link #givesRate} false), e.g. {@code "4 requests in
   * 0.096 s: too short to give a rate (needs >= 10 requests over >= 2 s)"}; null when they do.
   */
  public String noRateReason(long count) {
    if (givesRate(count)) {
      return null;
    }
    String rule = String.format(Locale.ROOT, "(needs >= %d requests over >= %.0f s)", MIN_RATE_REQUESTS,
        MIN_RATE_WINDOW_NANOS / 1e9);
    if (measuredWindowNanos <= 0) {
      return count + " requests, measured window unknown: no rate " + rule;
    }
    return String.format(Locale.ROOT, "%d requests in %.3f s: too %s to give a rate %s", count,
        measuredWindowNanos / 1e9, measuredWindowNanos < MIN_RATE_WINDOW_NANOS ? "short" : "few", rule);
  }

  /** The JSON form of summary.json. */
  SummaryJson toJson() {
    Map<String, Long> counts = new LinkedHashMap<>();
    outcomeCounts.forEach((o, n) -> counts.put(o.label(), n));
    return new SummaryJson(SummaryJson.FORMAT_VERSION, "service: send start to last byte of complete replies (ok, http-error), measure phase",
        recordsTotal, counts, impossibleMeasurements, measuredWindowNanos, overall.toJson(),
        perUrl.stream().map(UrlStats::toJson).toList(), pace);
  }

  /** Writes summary.json to {@code file} (atomically: a temporary file, then a move). */
  public void writeJson(Path file) throws IOException {
    JsonFiles.writeAtomically(file, toJson());
  }

  @Override
  public String toString() {
    return "Summary[records=" + recordsTotal + ", overall=" + overall + "]";
  }
}
