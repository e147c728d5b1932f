package io.crosscheck.compare;

import java.util.List;
import java.util.Map;

/**
 * What an audit found: how far the generator's reported response times are from the wire, where
 * the difference arises, and how the generator used connections. Written to {@code findings.json}
 * as is (Jackson serialises these records field by field); every duration is in microseconds and
 * says so in its name. Immutable.
 *
 * @param matching how records and wire exchanges were joined
 * @param clock the monotonic→wire clock mapping used
 * @param responseTime reported vs wire response times over matched, complete, measured requests
 * @param lags where the error arises, through the clock mapping
 * @param latency the three columns: from intended start, from send start, on the wire
 * @param intervals error and rate per interval of the run
 * @param connections connection behaviour as the wire shows it
 * @param cdf reported and wire response-time distributions
 * @param pressure the generator JVM's telemetry summary (run.json {@code telemetry}): peak threads,
 *     max heap, GC pause total and max, mean CPU; empty when the run recorded none
 */
public record Findings(
    Matching matching, Clock clock, ResponseTime responseTime, Lags lags, LatencyColumns latency,
    List<Interval> intervals, Connections connections, Cdf cdf, Map<String, Object> pressure) {

  /**
   * @param records records in the run
   * @param wireExchanges exchanges rebuilt from the capture
   * @param matched records joined to an exchange
   * @param matchedByConnection of those, joined by connection identity and order
   * @param unmatchedRecords records left unmatched, by reason
   * @param unmatchedExchanges exchanges left unmatched, by reason
   */
  public record Matching(long records, long wireExchanges, long matched, long matchedByConnection,
      Map<String, Long> unmatchedRecords, Map<String, Long> unmatchedExchanges) {}

  /**
   * @param calibrations offsets measured during the run
   * @param maxUncertaintyMicros the largest uncertainty of a calibration
   * @param driftMicros last offset minus first
   * @param reportedResolutionMicros the resolution of the generator's own timing: 1000 for a
   *     generator timing with {@code System.currentTimeMillis}, 0 for nanosecond timing
   */
  public record Clock(int calibrations, double maxUncertaintyMicros, double driftMicros,
      double reportedResolutionMicros) {}

  /** Summary statistics of a sample, in microseconds; NaN when the sample is empty. */
  public record Stats(long count, double meanMicros, double minMicros, double p50Micros, double p90Micros,
      double p99Micros, double maxMicros) {}

  /**
   * The study's metric and its per-request form, over pairs where both sides saw a complete reply
   * in the measured phase.
   *
   * @param pairs how many such pairs
   * @param reportedMeanMicros the generator's mean (send start to last byte)
   * @param wireMeanMicros the wire's mean (request start to last response byte)
   * @param absoluteErrorMicros reported mean minus wire mean
   * @param ratio reported mean divided by wire mean
   * @param perRequestError reported minus wire, request by request
   * @param excludedPairs matched pairs left out of these statistics, by reason ({@code
   *     not-measured-phase}, {@code reported-incomplete}, {@code wire-incomplete} — e.g. a reply
   *     whose framing the snap length cut)
   */
  public record ResponseTime(long pairs, double reportedMeanMicros, double wireMeanMicros,
      double absoluteErrorMicros, double ratio, Stats perRequestError, Map<String, Long> excludedPairs) {}

  /**
   * The per-request error split at the clock mapping: {@code sendLag} = the request's first byte on
   * the wire minus the generator's send start; {@code receiveLag} = the generator's last byte minus
   * the last response byte on the wire. Their sum is the per-request error.
   *
   * @param belowUncertainty lags more negative than the mapping's uncertainty plus the generator's
   *     timing resolution (impossible: counted, not clamped)
   */
  public record Lags(Stats sendLag, Stats receiveLag, long belowUncertainty) {}

  /**
   * Latency from intended start beside send-start latency beside wire time (same pairs), and the
   * wire's response time over every complete exchange in the capture, matched or not (another
   * tool's traffic, e.g. httperf's, has only this).
   */
  public record LatencyColumns(Stats fromIntendedStart, Stats fromSendStart, Stats wire, Stats wireAllExchanges) {}

  /**
   * One interval of the run (by the wire's request start).
   *
   * @param startSeconds interval start from the run's start
   * @param requests matched complete pairs in it
   * @param requestsPerSecond their rate
   * @param reportedMeanMicros generator's mean
   * @param wireMeanMicros wire mean
   * @param meanErrorMicros mean per-request error
   * @param openConnectionsMax most connections open at once in it
   * @param generatorThreadsMax the generator JVM's most live threads in it (-1 without telemetry)
   * @param generatorHeapUsedMaxBytes its largest heap use in it (-1 without telemetry)
   * @param generatorCpuCores its mean CPU in cores, user + system (NaN without telemetry)
   * @param generatorGcPauses its GC pauses in it
   * @param generatorGcPauseMaxMicros its longest GC pause in it
   */
  public record Interval(double startSeconds, long requests, double requestsPerSecond, double reportedMeanMicros,
      double wireMeanMicros, double meanErrorMicros, int openConnectionsMax, int generatorThreadsMax,
      long generatorHeapUsedMaxBytes, double generatorCpuCores, int generatorGcPauses,
      long generatorGcPauseMaxMicros) {}

  /**
   * Connection behaviour from the capture.
   *
   * @param sessions sessions in the records
   * @param connectionsOpened connections opened in the capture
   * @param connectionsWithRequests connections that carried at least one request
   * @param peakConcurrentConnections most open at once
   * @param requestsPerConnection histogram: bucket label → connections
   * @param maxRequestsOnOneConnection the busiest connection's requests
   * @param connectionsUsedBySeveralSessions connections that carried requests of more than one
   *     session (from matched records)
   * @param connectionsOpenedPerSecond mean churn over the capture
   * @param verdict one plain-language sentence
   */
  public record Connections(long sessions, long connectionsOpened, long connectionsWithRequests,
      int peakConcurrentConnections, Map<String, Long> requestsPerConnection, long maxRequestsOnOneConnection,
      long connectionsUsedBySeveralSessions, double connectionsOpenedPerSecond, String verdict) {}

  /** Quantiles of the reported and wire response times: {@code [fraction, micros]} points. */
  public record Cdf(List<double[]> reportedMicros, List<double[]> wireMicros) {}
}
