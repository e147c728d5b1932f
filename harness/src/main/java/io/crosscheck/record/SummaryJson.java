package io.crosscheck.record;

import java.util.List;
import java.util.Map;

/**
 * {@code summary.json}, field by field: the generator's own statistics of a run ({@link Summary}),
 * written by {@link Summary#writeJson} and read by {@code RunFiles.readSummary}. Latencies are the
 * service latency (send start to last byte of complete replies, measure phase) in microseconds;
 * NaN (an empty sample, no rate) is written as null. Immutable.
 *
 * @param formatVersion 1 (unchanged since the first release)
 * @param latency what the latency columns measure, in words
 * @param recordsTotal records of all phases
 * @param outcomeCountsAllPhases records per outcome label, all phases
 * @param impossibleMeasurements records with a negative duration between their instants
 * @param measuredWindowNanos the window throughput is divided by; 0 when unknown
 * @param overall the total row ({@code url} "*")
 * @param urls one row per URL of the measure phase
 * @param pace whether the generator kept to its schedule ({@link Summary.Pace}); null in files
 *     written before it existed
 */
public record SummaryJson(int formatVersion, String latency, long recordsTotal, Map<String, Long> outcomeCountsAllPhases,
    long impossibleMeasurements, long measuredWindowNanos, Row overall, List<Row> urls, Summary.Pace pace) {
  /** The format this crosscheck writes and the newest it reads. */
  public static final int FORMAT_VERSION = 1;

  /** One URL's (or the total's) row: as {@link UrlStats}, outcomes by label. */
  public record Row(String url, long count, long errors, Map<String, Long> errorsByOutcome, long latencyCount,
      double meanMicros, double p50Micros, double p90Micros, double p99Micros, double maxMicros,
      double throughputPerSecond) {}
}
