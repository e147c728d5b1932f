package io.crosscheck.compare;

import io.crosscheck.compare.Findings.Cdf;
import io.crosscheck.compare.Findings.Interval;
import io.crosscheck.compare.Findings.Lags;
import io.crosscheck.compare.Findings.LatencyColumns;
import io.crosscheck.compare.Findings.ResponseTime;
import io.crosscheck.compare.Findings.Stats;
import io.crosscheck.model.Phase;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.telemetry.TelemetrySample;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Computes {@link Findings} from matched records and the capture. Only pairs in which both the
 * generator and the wire saw a complete reply, and whose record is in the measured phase, enter the
 * error statistics; matching and connection diagnostics cover everything.
 */
public final class FindingsBuilder {
  private static final double[] CDF_FRACTIONS = cdfFractions();

  private FindingsBuilder() {}

  /**
   * @param records every record of the run
   * @param exchanges every exchange rebuilt from the capture
   * @param events the capture's connection events in time order
   * @param match the result of {@link Matcher#match}
   * @param clock the mapping used for matching
   * @param originEpochNanos the run's start on the wire clock (intervals count from it)
   * @param intervalNanos interval length for the time series
   * @param reportedResolutionNanos resolution of the generator's timing (1 ms for millis clients, else 0)
   * @param telemetry the generator JVM's samples (its monotonic clock, mapped through {@code clock})
   * @param pressure the telemetry summary, or an empty map
   */
  public static Findings build(List<RequestRecord> records, List<WireExchange> exchanges,
      List<ConnectionEvent> events, MatchResult match, ClockMap clock, long originEpochNanos, long intervalNanos,
      long reportedResolutionNanos, List<TelemetrySample> telemetry, Map<String, Object> pressure) {
    List<Match> pairs = new ArrayList<>();
    Map<String, Long> excluded = new TreeMap<>();
    for (Match m : match.matched()) {
      Outcome o = m.record().outcome();
      if (m.record().phase() != Phase.MEASURE) {
        excluded.merge("not-measured-phase", 1L, Long::sum);
      } else if (o != Outcome.OK && o != Outcome.HTTP_ERROR) {
        excluded.merge("reported-incomplete", 1L, Long::sum);
      } else if (!m.exchange().complete()) {
        excluded.merge("wire-incomplete", 1L, Long::sum);
      } else {
        pairs.add(m);
      }
    }
    int n = pairs.size();
    long[] reported = new long[n];
    long[] wire = new long[n];
    long[] error = new long[n];
    long[] fromIntended = new long[n];
    long[] sendLag = new long[n];
    long[] receiveLag = new long[n];
    long belowUncertainty = 0;
    for (int i = 0; i < n; i++) {
      RequestRecord r = pairs.get(i).record();
      WireExchange e = pairs.get(i).exchange();
      reported[i] = r.latencyNanos();
      wire[i] = e.responseTimeNanos();
      error[i] = reported[i] - wire[i];
      fromIntended[i] = r.responseFromIntendedNanos();
      sendLag[i] = e.requestStartEpochNanos() - clock.toEpochNanos(r.sendStartNanos());
      receiveLag[i] = clock.toEpochNanos(r.lastByteNanos()) - e.lastResponseByteEpochNanos();
      long u = clock.uncertaintyAt(r.sendStartNanos()) + reportedResolutionNanos;
      if (sendLag[i] < -u || receiveLag[i] < -u) {
        belowUncertainty++;
      }
    }
    double reportedMean = mean(reported);
    double wireMean = mean(wire);
    // each array is sorted once, in place (nothing needs the pair order after this point), and
    // read for both its statistics and its CDF
    for (long[] values : new long[][] {reported, wire, error, fromIntended, sendLag, receiveLag}) {
      Arrays.sort(values);
    }
    ResponseTime rt = new ResponseTime(n, reportedMean / 1e3, wireMean / 1e3, (reportedMean - wireMean) / 1e3,
        reportedMean / wireMean, sortedStats(error), excluded);
    Findings.Matching matching = new Findings.Matching(records.size(), exchanges.size(), match.matched().size(),
        match.matched().stream().filter(Match::byConnection).count(), match.unmatchedRecordReasons(),
        match.unmatchedExchangeReasons());
    Findings.Clock clockFinding =
        new Findings.Clock(clock.calibrations(), clock.maxUncertaintyNanos() / 1e3, clock.driftNanos() / 1e3,
            reportedResolutionNanos / 1e3);
    return new Findings(matching, clockFinding, rt,
        new Lags(sortedStats(sendLag), sortedStats(receiveLag), belowUncertainty),
        new LatencyColumns(sortedStats(fromIntended), sortedStats(reported), sortedStats(wire), wireAll(exchanges)),
        intervals(pairs, events, telemetry, clock, originEpochNanos, intervalNanos),
        ConnectionDiagnostics.of(records, exchanges, events, match),
        new Cdf(sortedCdf(reported), sortedCdf(wire)), pressure);
  }

  private static Stats wireAll(List<WireExchange> exchanges) {
    long[] nanos = exchanges.stream().filter(WireExchange::complete).mapToLong(WireExchange::responseTimeNanos)
        .toArray();
    Arrays.sort(nanos);
    return sortedStats(nanos);
  }

  private static List<Interval> intervals(List<Match> pairs, List<ConnectionEvent> events,
      List<TelemetrySample> telemetry, ClockMap clock, long originEpochNanos, long intervalNanos) {
    long lastEpochNanos = originEpochNanos;
    for (Match m : pairs) {
      lastEpochNanos = Math.max(lastEpochNanos, m.exchange().requestStartEpochNanos());
    }
    for (ConnectionEvent e : events) {
      lastEpochNanos = Math.max(lastEpochNanos, e.epochNanos());
    }
    int count = (int) Math.min(100_000, (lastEpochNanos - originEpochNanos) / intervalNanos + 1);
    long[] requests = new long[count];
    double[] reportedSum = new double[count];
    double[] wireSum = new double[count];
    int[] openMax = new int[count];
    for (Match m : pairs) {
      int i = index(m.exchange().requestStartEpochNanos(), originEpochNanos, intervalNanos, count);
      requests[i]++;
      reportedSum[i] += m.record().latencyNanos();
      wireSum[i] += m.exchange().responseTimeNanos();
    }
    int open = 0;
    int next = 0;
    for (int i = 0; i < count; i++) {
      long endNanos = originEpochNanos + (i + 1) * intervalNanos;
      int max = open;
      while (next < events.size() && events.get(next).epochNanos() < endNanos) {
        open = events.get(next++).openConnections();
        max = Math.max(max, open);
      }
      openMax[i] = max;
    }
    int[] threads = new int[count];
    long[] heap = new long[count];
    double[] cpuSum = new double[count];
    int[] cpuSamples = new int[count];
    int[] pauses = new int[count];
    long[] pauseMax = new long[count];
    Arrays.fill(threads, -1);
    Arrays.fill(heap, -1);
    for (TelemetrySample t : telemetry) {
      int i = index(clock.toEpochNanos(t.sampleNanos()), originEpochNanos, intervalNanos, count);
      threads[i] = Math.max(threads[i], t.threadsLive());
      heap[i] = Math.max(heap[i], t.heapUsedBytes());
      if (!Double.isNaN(t.processCpuCores())) {
        cpuSum[i] += t.processCpuCores();
        cpuSamples[i]++;
      }
      pauses[i] += Math.max(0, t.gcPausesInInterval());
      pauseMax[i] = Math.max(pauseMax[i], t.gcPauseMaxMicrosInInterval());
    }
    List<Interval> out = new ArrayList<>(count);
    double seconds = intervalNanos / 1e9;
    for (int i = 0; i < count; i++) {
      double rep = requests[i] == 0 ? Double.NaN : reportedSum[i] / requests[i] / 1e3;
      double wir = requests[i] == 0 ? Double.NaN : wireSum[i] / requests[i] / 1e3;
      out.add(new Interval(i * seconds, requests[i], requests[i] / seconds, rep, wir, rep - wir, openMax[i],
          threads[i], heap[i], cpuSamples[i] == 0 ? Double.NaN : cpuSum[i] / cpuSamples[i], pauses[i],
          pauseMax[i]));
    }
    return out;
  }

  private static int index(long epochNanos, long originEpochNanos, long intervalNanos, int count) {
    long i = (epochNanos - originEpochNanos) / intervalNanos;
    return (int) Math.max(0, Math.min(count - 1, i));
  }

  static double mean(long[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double sum = 0;
    for (long v : values) {
      sum += v;
    }
    return sum / values.length;
  }

  /** Statistics of nanosecond values, reported in microseconds. */
  static Stats stats(long[] nanos) {
    long[] s = nanos.clone();
    Arrays.sort(s);
    return sortedStats(s);
  }

  /** {@link #stats} of values already in ascending order. */
  private static Stats sortedStats(long[] s) {
    if (s.length == 0) {
      return new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    return new Stats(s.length, mean(s) / 1e3, s[0] / 1e3, quantile(s, 0.50) / 1e3, quantile(s, 0.90) / 1e3,
        quantile(s, 0.99) / 1e3, s[s.length - 1] / 1e3);
  }

  /** The nearest-rank quantile of sorted values. */
  static long quantile(long[] sorted, double q) {
    int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  /** The CDF of values already in ascending order. */
  private static List<double[]> sortedCdf(long[] s) {
    List<double[]> out = new ArrayList<>();
    if (s.length == 0) {
      return out;
    }
    for (double q : CDF_FRACTIONS) {
      out.add(new double[] {q, quantile(s, q) / 1e3});
    }
    return out;
  }

  private static double[] cdfFractions() {
    double[] f = new double[103];
    for (int i = 0; i < 100; i++) {
      f[i] = (i + 1) / 100.0;
    }
    f[99] = 0.995;
    f[100] = 0.999;
    f[101] = 0.9999;
    f[102] = 1.0;
    Arrays.sort(f);
    return f;
  }
}
