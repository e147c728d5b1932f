package io.crosscheck.compare;

import io.crosscheck.model.Phase;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.record.Summary;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.Cdf;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.rundir.Findings.Interval;
import io.crosscheck.rundir.Findings.Lags;
import io.crosscheck.rundir.Findings.LatencyColumns;
import io.crosscheck.rundir.Findings.ResponseTime;
import io.crosscheck.rundir.Findings.Stats;
import io.crosscheck.telemetry.TelemetrySample;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import java.util.TreeMap;

/**
 * Stage 3 of a comparison: matches (and the capture, and telemetry) → {@link Findings}. Coverage
 * comes first: when it is insufficient, the figures that would need the matched records are not
 * computed (null) and the connection verdict is not judged. Only pairs in which both the generator
 * and the wire saw a complete reply, and whose record is in the measured phase, enter the error
 * statistics; matching and connection diagnostics cover everything. Stateless.
 */
public final class FindingsBuilder {
  private static final double[] CDF_FRACTIONS = cdfFractions();
  /** A run start further than this from the capture is not taken as the intervals' origin. */
  private static final long ORIGIN_TOLERANCE_NANOS = 3_600_000_000_000L;
  /** At most this many intervals (a day of seconds). */
  private static final int MAX_INTERVALS = 86_400;

  private FindingsBuilder() {}

  /**
   * @param gen the generator's side, or null for a wire-only analysis
   * @param wire stage 1's output
   * @param match stage 2's output ({@link MatchResult#wireOnly} without a generator)
   * @param minMatchedPercent the coverage floor
   * @param intervalNanos interval length for the time series
   */
  public static Findings build(GeneratorSide gen, Reconstruction wire, MatchResult match, double minMatchedPercent,
      long intervalNanos) {
    Findings figures = buildFigures(gen, wire, match, minMatchedPercent, intervalNanos);
    if (gen == null) {
      return figures.toBuilder().percentiles(null).urls(null).clientHost(
          Findings.ClientHost.notJudged(Findings.ClientHostVerdict.NOT_JUDGED_WIRE_ONLY, null)).build();
    }
    long lagPairs = figures.lags() == null ? 0 : figures.lags().sendLag().count();
    Double sendLagP99 = lagPairs == 0 ? null : figures.lags().sendLag().p99Micros();
    long[] window = measuredWindow(gen.records(), gen.runEndNanos());
    long[] startLags = startLagsSorted(gen.records());
    Findings.ClientHost host = ClientHostCheck.judge(gen.telemetry(), window[0], window[1], gen.cpuCoresFallback(),
        gen.cpuCoresSource(), sendLagP99, startLags.length == 0 ? Double.NaN : quantile(startLags, 0.99) / 1e3,
        lagPairs, (long) startLags.length, gen.busyPollingCores());
    return figures.toBuilder().pace(pace(gen.records())).clientHost(host).build();
  }

  /**
   * The measured phase on the generator's clock: its records' first intended start (send start when
   * there is none) to their last instant; every record's when none is in the measured phase. A
   * record that never completed (no last byte: aborted, timed out, stalled) was in flight until it
   * ended, an instant its record does not hold: with {@code runEndNanos} known (not -1), the window
   * then lasts up to the run's end, not up to that request's send (a mute server's run of 5 s used
   * to leave a window of its first sends alone, and the client-host check one telemetry sample).
   */
  static long[] measuredWindow(List<RequestRecord> records, long runEndNanos) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    boolean unfinished = false;
    for (int pass = 0; pass < 2 && first == Long.MAX_VALUE; pass++) {
      for (RequestRecord r : records) {
        if (pass == 0 && r.phase() != Phase.MEASURE) {
          continue;
        }
        long start = r.intendedStartNanos() >= 0 ? r.intendedStartNanos() : r.sendStartNanos();
        long end = Math.max(Math.max(r.lastByteNanos(), r.sendStartNanos()), start);
        if (start >= 0) {
          first = Math.min(first, start);
          last = Math.max(last, end);
          unfinished |= r.lastByteNanos() < 0;
        }
      }
    }
    if (first == Long.MAX_VALUE) {
      return new long[] {0, 0};
    }
    return new long[] {first, unfinished && runEndNanos > last ? runEndNanos : last};
  }

  /** {@link #measuredWindow(List, long)} with the run's end unknown. */
  static long[] measuredWindow(List<RequestRecord> records) {
    return measuredWindow(records, -1);
  }

  /** Send start minus intended start of the measured phase's sent records, ns, ascending. */
  static long[] startLagsSorted(List<RequestRecord> records) {
    return records.stream().filter(r -> r.phase() == Phase.MEASURE && r.intendedStartNanos() >= 0
        && r.sendStartNanos() >= 0).mapToLong(r -> r.sendStartNanos() - r.intendedStartNanos()).sorted().toArray();
  }

  /** The percentiles of {@link Findings.Percentiles}, for a plot on a log 1/(1-p) axis. */
  public static final List<Double> PERCENTILES =
      List.of(0.0, 10.0, 25.0, 50.0, 75.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99, 99.999, 100.0);

  /**
   * HdrHistogram's value at each of {@link #PERCENTILES} of nanosecond values (3 significant
   * digits), in microseconds; negative values (impossible for these columns) are left out.
   */
  static List<Double> hdrPercentiles(long[] nanos) {
    Histogram h = new Histogram(3);
    for (long v : nanos) {
      if (v >= 0) {
        h.recordValue(v);
      }
    }
    List<Double> out = new ArrayList<>(PERCENTILES.size());
    for (double p : PERCENTILES) {
      out.add(h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1e3);
    }
    return out;
  }

  /**
   * Per URL group of the measured phase's records: counts and errors of every record, statistics of
   * its matched pairs; at most {@link Findings.Urls#MAX_GROUPS} groups (most records first, then by
   * name), the rest summed as {@link Findings.Urls#OTHER}.
   */
  static Findings.Urls urls(List<RequestRecord> records, List<Match> pairs) {
    Map<String, long[]> counts = new TreeMap<>(); // {count, errors}
    for (RequestRecord r : records) {
      if (r.phase() == Phase.MEASURE) {
        long[] c = counts.computeIfAbsent(ReportedIntervalAnalysis.urlGroup(r.url()), k -> new long[2]);
        c[0]++;
        if (r.outcome() != Outcome.OK) {
          c[1]++;
        }
      }
    }
    Map<String, List<Match>> byGroup = new TreeMap<>();
    for (Match m : pairs) {
      byGroup.computeIfAbsent(ReportedIntervalAnalysis.urlGroup(m.record().url()), k -> new ArrayList<>()).add(m);
    }
    List<String> names = new ArrayList<>(counts.keySet());
    names.sort((a, b) -> counts.get(a)[0] != counts.get(b)[0] ? Long.compare(counts.get(b)[0], counts.get(a)[0])
        : a.compareTo(b));
    List<Findings.UrlGroup> groups = new ArrayList<>();
    long[] otherCounts = new long[2];
    List<Match> otherPairs = new ArrayList<>();
    int listed = names.size() > Findings.Urls.MAX_GROUPS ? Findings.Urls.MAX_GROUPS : names.size();
    for (int i = 0; i < names.size(); i++) {
      String name = names.get(i);
      List<Match> ms = byGroup.getOrDefault(name, List.of());
      if (i < listed) {
        groups.add(urlGroup(name, counts.get(name), ms));
      } else {
        otherCounts[0] += counts.get(name)[0];
        otherCounts[1] += counts.get(name)[1];
        otherPairs.addAll(ms);
      }
    }
    if (names.size() > listed) {
      groups.add(urlGroup(Findings.Urls.OTHER, otherCounts, otherPairs));
    }
    long measured = counts.values().stream().mapToLong(c -> c[0]).sum();
    // the sentence is the renderer's (report.FindingsSentences.urls)
    return new Findings.Urls(null, groups, measured, names.size(), (long) pairs.size());
  }

  private static Findings.UrlGroup urlGroup(String name, long[] counts, List<Match> ms) {
    long[] reported = new long[ms.size()];
    long[] wireNanos = new long[ms.size()];
    for (int i = 0; i < ms.size(); i++) {
      reported[i] = ms.get(i).record().latencyNanos();
      wireNanos[i] = ms.get(i).exchange().responseTimeNanos();
    }
    double reportedMean = mean(reported) / 1e3;
    double wireMean = mean(wireNanos) / 1e3;
    Arrays.sort(reported);
    Arrays.sort(wireNanos);
    boolean any = ms.size() > 0;
    return new Findings.UrlGroup(name, counts[0], counts[1], ms.size(), reportedMean, wireMean,
        any ? quantile(reported, 0.50) / 1e3 : Double.NaN, any ? quantile(reported, 0.99) / 1e3 : Double.NaN,
        any ? quantile(wireNanos, 0.50) / 1e3 : Double.NaN, any ? quantile(wireNanos, 0.99) / 1e3 : Double.NaN,
        reportedMean - wireMean);
  }

  /**
   * Whether the generator kept to its schedule: from its records alone, so it is judged even when
   * too few records matched the wire to judge anything else.
   */
  static Findings.Pace pace(List<RequestRecord> records) {
    Summary.Pace p = Summary.paceOf(records);
    return Findings.Pace.of(p.scheduled(), p.late(), p.notSent(), p.lateThresholdNanos() / 1e3,
        p.behindFromSecond());
  }

  private static Findings buildFigures(GeneratorSide gen, Reconstruction wire, MatchResult match,
      double minMatchedPercent, long intervalNanos) {
    GeneratorConnections own = GeneratorConnections.of(gen, wire, match);
    Coverage coverage = CoverageCheck.of(gen, wire, match, minMatchedPercent, own);
    List<WireExchange> exchanges = wire.exchanges();
    // a capture whose connections run backwards in time has no wire time to state (CoverageCheck.outOfOrder)
    List<WireExchange> timed = !CoverageCheck.outOfOrder(wire.wire()) ? exchanges : List.of();
    long originEpochNanos = origin(gen, wire);
    Findings.Matching matching = new Findings.Matching(gen == null ? 0 : gen.records().size(), exchanges.size(),
        match.matched().size(), match.matched().stream().filter(Match::byConnection).count(),
        match.unmatchedRecordReasons(), match.unmatchedExchangeReasons());
    Findings.Connections connections =
        ConnectionDiagnostics.of(wire, match, coverage, own);
    if (gen == null) {
      Stats none = Findings.emptyStats();
      return Findings.builder().coverage(coverage).matching(matching)
          .clock(new Findings.Clock(0, Double.NaN, Double.NaN, 0))
          .latency(new LatencyColumns(none, none, none, wireAll(timed)))
          .intervals(intervals(List.of(), exchanges, wire.events(), List.of(), null, originEpochNanos, wire,
              intervalNanos))
          .connections(connections).build();
    }
    ClockMap clock = gen.clock();
    long reportedResolutionNanos = gen.reportedResolutionNanos();
    Findings.Clock clockFinding =
        new Findings.Clock(clock.calibrations(), clock.maxUncertaintyNanos() / 1e3, clock.driftNanos() / 1e3,
            reportedResolutionNanos / 1e3);
    Map<String, Long> excluded = new TreeMap<>();
    List<Match> pairs = measuredPairs(match, excluded);
    List<Interval> intervals = intervals(coverage.sufficient() ? pairs : List.of(), exchanges, wire.events(),
        gen.telemetry(), clock, originEpochNanos, wire, intervalNanos);
    if (!coverage.sufficient()) {
      Stats none = Findings.emptyStats();
      return Findings.builder().coverage(coverage).matching(matching).clock(clockFinding)
          .latency(new LatencyColumns(none, none, none, wireAll(timed))).intervals(intervals)
          .connections(connections).pressure(gen.pressure()).build();
    }
    int n = pairs.size();
    long[] reported = new long[n];
    long[] wireNanos = new long[n];
    long[] error = new long[n];
    long[] fromIntended = new long[n];
    long[] sendLag = new long[n];
    long[] receiveLag = new long[n];
    long belowUncertainty = 0;
    for (int i = 0; i < n; i++) {
      RequestRecord r = pairs.get(i).record();
      WireExchange e = pairs.get(i).exchange();
      reported[i] = r.latencyNanos();
      wireNanos[i] = e.responseTimeNanos();
      error[i] = reported[i] - wireNanos[i];
      fromIntended[i] = r.responseFromIntendedNanos();
      sendLag[i] = e.requestStartEpochNanos() - clock.toEpochNanos(r.sendStartNanos());
      receiveLag[i] = clock.toEpochNanos(r.lastByteNanos()) - e.lastResponseByteEpochNanos();
      long u = clock.uncertaintyAt(r.sendStartNanos()) + reportedResolutionNanos;
      if (sendLag[i] < -u || receiveLag[i] < -u) {
        belowUncertainty++;
      }
    }
    // read before the sorting below: the checks need the pairs' order on the wire
    long[] wireStart = new long[n];
    for (int i = 0; i < n; i++) {
      wireStart[i] = pairs.get(i).exchange().requestStartEpochNanos();
    }
    Findings.Confidence confidence = ResponseTimeConfidence.of(reported, wireNanos, wireStart);
    double reportedMean = mean(reported);
    double wireMean = mean(wireNanos);
    List<Double> reportedPercentiles = hdrPercentiles(reported);
    Findings.Percentiles percentiles = new Findings.Percentiles(n, "measured phase", PERCENTILES,
        hdrPercentiles(fromIntended), reportedPercentiles, hdrPercentiles(wireNanos), reportedPercentiles);
    Findings.Urls urls = urls(gen.records(), pairs);
    // each array is sorted once, in place (nothing needs the pair order after this point), and
    // read for both its statistics and its CDF
    long[] errorMagnitude = Arrays.stream(error).map(Math::abs).toArray();
    for (long[] values : new long[][] {reported, wireNanos, error, errorMagnitude, fromIntended, sendLag,
        receiveLag}) {
      Arrays.sort(values);
    }
    ResponseTime rt = new ResponseTime(n, reportedMean / 1e3, wireMean / 1e3, (reportedMean - wireMean) / 1e3,
        reportedMean / wireMean, sortedStats(error), excluded, sortedStats(errorMagnitude), confidence);
    return Findings.builder().coverage(coverage).matching(matching).clock(clockFinding).responseTime(rt)
        .lags(new Lags(sortedStats(sendLag), sortedStats(receiveLag), belowUncertainty))
        .latency(new LatencyColumns(sortedStats(fromIntended), sortedStats(reported), sortedStats(wireNanos),
            wireAll(timed)))
        .intervals(intervals).connections(connections).cdf(new Cdf(sortedCdf(reported), sortedCdf(wireNanos)))
        .pressure(gen.pressure()).percentiles(percentiles).urls(urls).build();
  }

  /**
   * The matched pairs the error statistics rest on: in the measured phase, with a complete reply on
   * both sides; every other matched pair is counted in {@code excluded} by reason ({@code
   * not-measured-phase}, {@code reported-incomplete}, {@code wire-incomplete}).
   */
  static List<Match> measuredPairs(MatchResult match, Map<String, Long> excluded) {
    List<Match> pairs = new ArrayList<>();
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
    return pairs;
  }

  /**
   * Where the intervals count from: the run's start when it is known and near the capture, else
   * the capture's first packet (never the epoch).
   */
  static long origin(GeneratorSide gen, Reconstruction wire) {
    long first = wire.hasPackets() ? wire.firstPacketEpochNanos() : 0;
    if (gen != null && gen.startEpochNanos() != Long.MIN_VALUE
        && Math.abs(gen.startEpochNanos() - first) <= ORIGIN_TOLERANCE_NANOS) {
      return gen.startEpochNanos();
    }
    return first;
  }

  static Stats wireAll(List<WireExchange> exchanges) {
    long[] nanos = exchanges.stream().filter(WireExchange::complete).mapToLong(WireExchange::responseTimeNanos)
        .toArray();
    Arrays.sort(nanos);
    return sortedStats(nanos);
  }

  /** The intervals of the run; {@code clock} maps the telemetry's instants (unused without telemetry). */
  static List<Interval> intervals(List<Match> pairs, List<WireExchange> exchanges,
      List<ConnectionEvent> events, List<TelemetrySample> telemetry, ClockMap clock, long originEpochNanos,
      Reconstruction wire, long intervalNanos) {
    long lastEpochNanos = Math.max(originEpochNanos, wire.hasPackets() ? wire.lastPacketEpochNanos() : originEpochNanos);
    int count = (int) Math.min(MAX_INTERVALS, (lastEpochNanos - originEpochNanos) / intervalNanos + 1);
    long[] requests = new long[count];
    double[] reportedSum = new double[count];
    double[] wireSum = new double[count];
    long[] wireAllCount = new long[count];
    double[] wireAllSum = new double[count];
    int[] openMax = new int[count];
    for (Match m : pairs) {
      int i = index(m.exchange().requestStartEpochNanos(), originEpochNanos, intervalNanos, count);
      requests[i]++;
      reportedSum[i] += m.record().latencyNanos();
      wireSum[i] += m.exchange().responseTimeNanos();
    }
    for (WireExchange e : exchanges) {
      if (e.complete()) {
        int i = index(e.requestStartEpochNanos(), originEpochNanos, intervalNanos, count);
        wireAllCount[i]++;
        wireAllSum[i] += e.responseTimeNanos();
      }
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
      double wireAllMean = wireAllCount[i] == 0 ? Double.NaN : wireAllSum[i] / wireAllCount[i] / 1e3;
      out.add(new Interval(i * seconds, requests[i], requests[i] / seconds, rep, wir, rep - wir, wireAllCount[i],
          wireAllMean, openMax[i], threads[i], heap[i], cpuSamples[i] == 0 ? Double.NaN : cpuSum[i] / cpuSamples[i],
          pauses[i], pauseMax[i]));
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
  static Stats sortedStats(long[] s) {
    if (s.length == 0) {
      return Findings.emptyStats();
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
  static List<double[]> sortedCdf(long[] s) {
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
