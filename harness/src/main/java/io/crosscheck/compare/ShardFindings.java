package io.crosscheck.compare;

import io.crosscheck.capture.CaptureStats;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.Coverage;
import io.crosscheck.rundir.MergedShards;
import io.crosscheck.wire.ConnectionEvent;
import io.crosscheck.wire.WireExchange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Stage 3 over the audited shards of one schedule ({@code audit --shard I/N}, e.g. the pods of a
 * Kubernetes Job, each capturing its own traffic): each shard's records are matched against its own
 * capture through its own clock mapping, exactly as its audit did, and one {@link Findings} is built
 * over every shard's evidence. Nothing is averaged: the error figures, lags, CDF and percentiles are
 * recomputed over the union of the shards' matched pairs; the wire and reported histograms are each
 * shard's histogram added exactly (HdrHistogram {@code add}); coverage and matching are summed and
 * each shard's is listed ({@link MergedShards}); connections and the sharing verdict are judged over
 * every shard's own connections at once (sessions by their global ids, so a connection two shards
 * used would show; connection identities are client {@code ip:port} and open instant, distinct across
 * pods and across a host's shards). Peak concurrency counts every shard's opens and closes on its own
 * capture's clock (nodes synchronised by NTP). Telemetry is not joined: the client-host check stays
 * each shard's. Stateless.
 */
public final class ShardFindings {
  /** Significant digits of the histograms, as the run's latency.hlog. */
  public static final int HISTOGRAM_DIGITS = 3;

  private ShardFindings() {}

  /**
   * One audited shard's evidence.
   *
   * @param index its shard index
   * @param directory its run directory, as given
   * @param runStatus its run.json status
   * @param gen its records and clock mapping
   * @param wire its capture, reconstructed
   * @param live its live capture's counters (capture.json), null when not recorded
   * @param ownMatched the matched count its own findings.json states, null when it has none
   */
  public record Shard(int index, String directory, String runStatus, GeneratorSide gen, Reconstruction wire,
      CaptureJson live, Long ownMatched) {}

  /**
   * The merged findings and what they rest on.
   *
   * @param findings the findings over every shard
   * @param shards the statement and each shard's coverage
   * @param capture the shards' capture files summed
   * @param liveCapture the shards' live-capture counters summed (null counters stay null)
   * @param outOfOrder some shard's capture runs backwards in time
   * @param wire every shard's wire response times added, ns
   * @param reported every shard's reported response times added, ns
   * @param shardWire each shard's wire histogram, in shard order
   * @param shardReported each shard's reported histogram, in shard order
   */
  public record Result(Findings findings, MergedShards shards, CaptureStats capture, CaptureJson liveCapture,
      boolean outOfOrder, Histogram wire, Histogram reported, List<Histogram> shardWire,
      List<Histogram> shardReported) {}

  /** Matches each shard and builds the findings over all of them ({@code shards} in index order). */
  public static Result merge(List<Shard> shards, double minMatchedPercent, long intervalNanos, String histogramsFile) {
    List<RequestRecord> records = new ArrayList<>();
    List<Match> allPairs = new ArrayList<>();
    List<Match> allMatched = new ArrayList<>();
    List<MatchResult.Unmatched<RequestRecord>> unmatchedRecords = new ArrayList<>();
    List<MatchResult.Unmatched<WireExchange>> unmatchedExchanges = new ArrayList<>();
    List<WireExchange> exchanges = new ArrayList<>();
    List<WireExchange> ownExchanges = new ArrayList<>();
    List<ConnectionEvent> ownEvents = new ArrayList<>();
    List<MergedShards.ShardCoverage> coverages = new ArrayList<>();
    Map<String, Long> excluded = new TreeMap<>();
    List<Histogram> shardWire = new ArrayList<>();
    List<Histogram> shardReported = new ArrayList<>();
    Histogram wireHistogram = new Histogram(HISTOGRAM_DIGITS);
    Histogram reportedHistogram = new Histogram(HISTOGRAM_DIGITS);
    long[] sums = new long[6]; // records, sent, never reached, outside, in capture, matched
    long foreignConnections = 0;
    long foreignExchanges = 0;
    boolean anyForeignKnown = false;
    boolean outOfOrder = false;
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    long origin = Long.MAX_VALUE;
    int calibrations = 0;
    long maxUncertaintyNanos = 0;
    long maxDriftNanos = 0;
    long resolutionNanos = 0;
    long belowUncertainty = 0;
    List<long[]> perPair = new ArrayList<>(); // reported, wire, fromIntended, sendLag, receiveLag
    for (Shard s : shards) {
      GeneratorSide gen = s.gen();
      Reconstruction wire = s.wire();
      ClockMap clock = gen.clock();
      MatchResult match = Matcher.match(gen.records(), wire.exchanges(), clock, gen.reportedResolutionNanos());
      GeneratorConnections own = GeneratorConnections.of(gen, wire, match);
      Coverage c = CoverageCheck.of(gen, wire, match, minMatchedPercent, own);
      outOfOrder |= CoverageCheck.outOfOrder(wire.wire());
      records.addAll(gen.records());
      allMatched.addAll(match.matched());
      unmatchedRecords.addAll(match.unmatchedRecords());
      unmatchedExchanges.addAll(match.unmatchedExchanges());
      exchanges.addAll(wire.exchanges());
      ownExchanges.addAll(own == null ? wire.exchanges() : own.exchanges(wire.exchanges()));
      ownEvents.addAll(own == null ? wire.events() : own.events(wire.events()));
      if (own != null) {
        anyForeignKnown = true;
        foreignConnections += own.foreignConnections();
        foreignExchanges += own.foreignExchanges();
      }
      long[] add = {c.records(), c.recordsSent(), c.neverReachedServer(), c.outsideCapture(), c.inCapture(),
          c.matched()};
      for (int i = 0; i < sums.length; i++) {
        sums[i] += add[i];
      }
      if (wire.hasPackets()) {
        first = Math.min(first, wire.firstPacketEpochNanos());
        last = Math.max(last, wire.lastPacketEpochNanos());
      }
      origin = Math.min(origin, FindingsBuilder.origin(gen, wire));
      calibrations += clock.calibrations();
      maxUncertaintyNanos = Math.max(maxUncertaintyNanos, clock.maxUncertaintyNanos());
      maxDriftNanos = Math.abs(clock.driftNanos()) > Math.abs(maxDriftNanos) ? clock.driftNanos() : maxDriftNanos;
      resolutionNanos = Math.max(resolutionNanos, gen.reportedResolutionNanos());
      List<Match> pairs = FindingsBuilder.measuredPairs(match, excluded);
      allPairs.addAll(pairs);
      Histogram w = new Histogram(HISTOGRAM_DIGITS);
      Histogram r = new Histogram(HISTOGRAM_DIGITS);
      for (Match m : pairs) {
        RequestRecord rec = m.record();
        WireExchange e = m.exchange();
        long sendLag = e.requestStartEpochNanos() - clock.toEpochNanos(rec.sendStartNanos());
        long receiveLag = clock.toEpochNanos(rec.lastByteNanos()) - e.lastResponseByteEpochNanos();
        long u = clock.uncertaintyAt(rec.sendStartNanos()) + gen.reportedResolutionNanos();
        if (sendLag < -u || receiveLag < -u) {
          belowUncertainty++;
        }
        perPair.add(new long[] {rec.latencyNanos(), e.responseTimeNanos(), rec.responseFromIntendedNanos(), sendLag,
            receiveLag, e.requestStartEpochNanos()});
        if (e.responseTimeNanos() >= 0) {
          w.recordValue(e.responseTimeNanos());
        }
        if (rec.latencyNanos() >= 0) {
          r.recordValue(rec.latencyNanos());
        }
      }
      shardWire.add(w);
      shardReported.add(r);
      wireHistogram.add(w);
      reportedHistogram.add(r);
      Findings.Connections conns = ConnectionDiagnostics.of(wire, match, c, own);
      coverages.add(new MergedShards.ShardCoverage(s.index(), s.directory(), s.runStatus(), c.records(),
          c.inCapture(), c.matched(), c.recordsMatchedPercent(), match.unmatchedRecordReasons(),
          c.wireExchanges(), c.exchangesMatchedPercent(), match.unmatchedExchangeReasons(), c.sufficient(),
          pairs.size(), s.live() == null ? null : s.live().packetsCaptured(),
          s.live() == null ? null : s.live().kernelDropped(), s.live() == null ? null : s.live().interfaceDropped(),
          conns.connectionsOpened(), clock.maxUncertaintyNanos() / 1e3,
          s.ownMatched() == null ? null : s.ownMatched() == c.matched()));
    }
    Coverage coverage = coverage(sums, exchanges.size(), minMatchedPercent, outOfOrder, first, last, coverages);
    MatchResult merged = new MatchResult(allMatched, unmatchedRecords, unmatchedExchanges);
    Findings.Matching matching = new Findings.Matching(records.size(), exchanges.size(), allMatched.size(),
        allMatched.stream().filter(Match::byConnection).count(), merged.unmatchedRecordReasons(),
        merged.unmatchedExchangeReasons());
    Findings.Clock clock = new Findings.Clock(calibrations, maxUncertaintyNanos / 1e3, maxDriftNanos / 1e3,
        resolutionNanos / 1e3);
    Reconstruction ownWire = Reconstruction.inMemory(ownExchanges, openCounts(ownEvents), first, last);
    Findings.Connections connections = ConnectionDiagnostics.of(ownWire, merged, coverage, null);
    if (anyForeignKnown) {
connections = connections.ofShards(shards.size(), foreignConnections, foreignExchanges);
    }
    Reconstruction allWire = Reconstruction.inMemory(exchanges, openCounts(new ArrayList<>(
        shards.stream().flatMap(s -> s.wire().events().stream()).toList())), first, last);
    List<WireExchange> timed = outOfOrder ? List.of() : exchanges;
    List<Findings.Interval> intervals = FindingsBuilder.intervals(coverage.sufficient() ? allPairs : List.of(),
        exchanges, allWire.events(), List.of(), null, origin == Long.MAX_VALUE ? Math.max(first, 0) : origin,
        allWire, intervalNanos);
    Findings.ClientHost host = Findings.ClientHost.notJudged(Findings.ClientHostVerdict.NOT_JUDGED_SHARDS,
        null);
    String statement = statement(shards.size(), allPairs.size(), histogramsFile);
    MergedShards section = new MergedShards(statement, histogramsFile, coverages);
    CaptureStats capture = captureStats(shards);
    CaptureJson live = liveCapture(shards);
    Findings.Pace pace = FindingsBuilder.pace(records);
    if (!coverage.sufficient()) {
      Findings.Stats none = Findings.emptyStats();
      Findings f = Findings.builder().coverage(coverage).matching(matching).clock(clock)
          .latency(new Findings.LatencyColumns(none, none, none, FindingsBuilder.wireAll(timed))).intervals(intervals)
          .connections(connections).pace(pace).clientHost(host).build();
      return new Result(f, section, capture, live, outOfOrder, wireHistogram, reportedHistogram, shardWire,
          shardReported);
    }
    int n = perPair.size();
    long[] reported = new long[n];
    long[] wireNanos = new long[n];
    long[] fromIntended = new long[n];
    long[] sendLag = new long[n];
    long[] receiveLag = new long[n];
    long[] error = new long[n];
    long[] wireStart = new long[n];
    for (int i = 0; i < n; i++) {
      long[] p = perPair.get(i);
      wireStart[i] = p[5];
      reported[i] = p[0];
      wireNanos[i] = p[1];
      fromIntended[i] = p[2];
      sendLag[i] = p[3];
      receiveLag[i] = p[4];
      error[i] = p[0] - p[1];
    }
    Findings.Confidence confidence = ResponseTimeConfidence.of(reported, wireNanos, wireStart);
    double reportedMean = FindingsBuilder.mean(reported);
    double wireMean = FindingsBuilder.mean(wireNanos);
    List<Double> reportedPercentiles = percentiles(reportedHistogram);
    Findings.Percentiles percentiles = new Findings.Percentiles(n, "measured phase, every shard",
        FindingsBuilder.PERCENTILES, FindingsBuilder.hdrPercentiles(fromIntended), reportedPercentiles,
        percentiles(wireHistogram), reportedPercentiles);
    Findings.Urls urls = FindingsBuilder.urls(records, allPairs);
    long[] magnitude = Arrays.stream(error).map(Math::abs).toArray();
    for (long[] values : new long[][] {reported, wireNanos, error, magnitude, fromIntended, sendLag, receiveLag}) {
      Arrays.sort(values);
    }
    Findings.ResponseTime rt = new Findings.ResponseTime(n, reportedMean / 1e3, wireMean / 1e3,
        (reportedMean - wireMean) / 1e3, reportedMean / wireMean, FindingsBuilder.sortedStats(error), excluded,
        FindingsBuilder.sortedStats(magnitude), confidence);
    Findings f = Findings.builder().coverage(coverage).matching(matching).clock(clock).responseTime(rt)
        .lags(new Findings.Lags(FindingsBuilder.sortedStats(sendLag), FindingsBuilder.sortedStats(receiveLag),
            belowUncertainty))
        .latency(new Findings.LatencyColumns(FindingsBuilder.sortedStats(fromIntended),
            FindingsBuilder.sortedStats(reported), FindingsBuilder.sortedStats(wireNanos),
            FindingsBuilder.wireAll(timed)))
        .intervals(intervals).connections(connections)
        .cdf(new Findings.Cdf(FindingsBuilder.sortedCdf(reported), FindingsBuilder.sortedCdf(wireNanos)))
        .pace(pace).percentiles(percentiles).urls(urls).clientHost(host).build();
    return new Result(f, section, capture, live, outOfOrder, wireHistogram, reportedHistogram, shardWire,
        shardReported);
  }

  /** A histogram's value at each of {@link FindingsBuilder#PERCENTILES}, microseconds (NaN when empty). */
  public static List<Double> percentiles(Histogram h) {
    List<Double> out = new ArrayList<>();
    for (double p : FindingsBuilder.PERCENTILES) {
      out.add(h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(p) / 1e3);
    }
    return out;
  }

  private static String statement(int shards, long pairs, String histogramsFile) {
    return String.format(Locale.ROOT, "merged from %d audited shards: each shard's requests.csv matched again"
        + " against its own capture.pcap through its own clock (clock.csv, run.json), as its audit did; the"
        + " response-time error, lags, CDF and percentiles recomputed over the union of the %,d matched pairs"
        + " complete on both sides in the measured phase (never averaged); the wire and reported histograms are"
        + " each shard's added exactly (HdrHistogram add, %d significant digits; %s); coverage and matching summed,"
        + " each shard's listed; connections and the sharing verdict judged over every shard's own connections"
        + " at once, peak concurrency on the shards' capture clocks joined; the client-host check and telemetry"
        + " stay per shard", shards, pairs, HISTOGRAM_DIGITS, histogramsFile);
  }

  private static Coverage coverage(long[] sums, long exchanges, double floor, boolean outOfOrder, long first,
      long last, List<MergedShards.ShardCoverage> each) {
    long inCapture = sums[4];
    long matched = sums[5];
    double percent = inCapture == 0 ? Double.NaN : 100.0 * matched / inCapture;
    double exchangesPercent = exchanges == 0 ? 0 : 100.0 * matched / exchanges;
    boolean sufficient = inCapture > 0 && percent >= floor && !outOfOrder;
    List<Findings.ShardCoverage> shardCoverages = new ArrayList<>();
    for (MergedShards.ShardCoverage c : each) {
      shardCoverages.add(new Findings.ShardCoverage(c.index(), c.inCapture(), c.matched(), c.recordsMatchedPercent(),
          c.kernelDropped()));
    }
    // the sentence is the renderer's (report.FindingsSentences.coverage); the mapping's figures are findings.clock's
    return new Coverage(sums[0], sums[1], sums[2], sums[3], inCapture, matched, percent, exchanges, exchangesPercent,
        floor, sufficient, first == Long.MAX_VALUE ? 0 : first, last == Long.MIN_VALUE ? 0 : last,
        outOfOrder ? Findings.CoverageState.OUT_OF_ORDER : sufficient ? Findings.CoverageState.JUDGED
            : sums[1] == 0 ? Findings.CoverageState.NONE_SENT : matched == 0 ? Findings.CoverageState.NONE_MATCHED
            : Findings.CoverageState.BELOW_FLOOR, shardCoverages);
  }

  /** The events of every shard in time order, each with the count open over all shards right after it. */
  private static List<ConnectionEvent> openCounts(List<ConnectionEvent> events) {
    List<ConnectionEvent> sorted = new ArrayList<>(events);
    sorted.sort(Comparator.comparingLong(ConnectionEvent::epochNanos));
    List<ConnectionEvent> out = new ArrayList<>(sorted.size());
    int open = 0;
    for (ConnectionEvent e : sorted) {
      if (e.kind() == ConnectionEvent.Kind.OPEN) {
        open++;
      } else if (e.kind() == ConnectionEvent.Kind.CLOSE) {
        open = Math.max(0, open - 1);
      }
      out.add(new ConnectionEvent(e.epochNanos(), e.kind(), e.connectionId(), e.connectionOpenEpochNanos(), open));
    }
    return out;
  }

  private static CaptureStats captureStats(List<Shard> shards) {
    long packets = 0;
    long bytes = 0;
    long skipped = 0;
    long truncated = 0;
    int interfaces = 0;
    LinkedHashSet<String> formats = new LinkedHashSet<>();
    List<String> warnings = new ArrayList<>();
    for (Shard s : shards) {
      CaptureStats c = s.wire().capture();
      if (c == null) {
        continue;
      }
      packets += c.packets();
      bytes += c.bytes();
      skipped += c.skippedBlocks();
      truncated += c.truncatedPackets();
      interfaces += c.interfaces();
      formats.add(c.format());
      c.warnings().forEach(w -> warnings.add("shard " + s.index() + ": " + w));
    }
    return new CaptureStats(packets, bytes, String.join("+", formats), skipped, truncated, interfaces, warnings);
  }

  private static CaptureJson liveCapture(List<Shard> shards) {
    if (shards.stream().anyMatch(s -> s.live() == null)) {
      return null;
    }
    List<CaptureJson> all = shards.stream().map(Shard::live).toList();
    LinkedHashSet<String> interfaces = new LinkedHashSet<>();
    LinkedHashSet<String> filters = new LinkedHashSet<>();
    all.forEach(c -> interfaces.add(c.interfaceName()));
    all.forEach(c -> filters.add(c.filter()));
    Integer link = all.stream().map(CaptureJson::linkType).distinct().count() == 1 ? all.get(0).linkType() : null;
    return new CaptureJson(String.join(",", interfaces), String.join(" | ", filters),
        all.stream().mapToInt(CaptureJson::snaplenBytes).max().orElse(0), sum(all, CaptureJson::packetsCaptured),
        all.get(0).outgoingCopies(), sum(all, CaptureJson::bytesCaptured), sum(all, CaptureJson::kernelDropped),
        sum(all, CaptureJson::interfaceDropped), link);
  }

  /** The sum, or null when some shard's counter is null (unknown). */
  private static Long sum(List<CaptureJson> all, java.util.function.Function<CaptureJson, Long> counter) {
    long total = 0;
    for (CaptureJson c : all) {
      Long v = counter.apply(c);
      if (v == null) {
        return null;
      }
      total += v;
    }
    return total;
  }
}
