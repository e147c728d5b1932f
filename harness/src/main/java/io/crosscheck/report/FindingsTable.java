package io.crosscheck.report;

import io.crosscheck.compare.Findings;
import io.crosscheck.compare.Findings.Stats;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The audit's findings as a short fixed-width text report for a terminal: matching, the study's
 * absolute error and ratio, the per-request error, where it arises, the three latency columns, and
 * the connection verdict. Formats only; numbers in {@link Locale#ROOT}.
 */
public final class FindingsTable {
  private static final int MAX_INTERVAL_ROWS = 20;

  private FindingsTable() {}

  public static String format(Findings f) {
    StringBuilder out = new StringBuilder();
    Findings.Matching m = f.matching();
    line(out, "matching", String.format(Locale.ROOT, "%,d of %,d records matched to %,d wire exchanges"
        + " (%,d by connection)%s%s", m.matched(), m.records(), m.wireExchanges(), m.matchedByConnection(),
        reasons("; unmatched records", m.unmatchedRecords()), reasons("; unmatched exchanges", m.unmatchedExchanges())));
    line(out, "clock", String.format(Locale.ROOT, "%d calibrations, uncertainty <= %.1f us, drift %.1f us%s",
        f.clock().calibrations(), f.clock().maxUncertaintyMicros(), f.clock().driftMicros(),
        f.clock().reportedResolutionMicros() > 0 ? String.format(Locale.ROOT,
            "; the generator times in steps of %.0f us (currentTimeMillis)", f.clock().reportedResolutionMicros())
            : ""));
    Findings.ResponseTime rt = f.responseTime();
    line(out, "response time", String.format(Locale.ROOT,
        "%,d pairs: reported mean %.1f us, wire mean %.1f us; absolute error %+.1f us (ratio %.3f)",
        rt.pairs(), rt.reportedMeanMicros(), rt.wireMeanMicros(), rt.absoluteErrorMicros(), rt.ratio())
        + reasons("; left out", rt.excludedPairs()));
    out.append(String.format(Locale.ROOT, "%n%-28s %10s %10s %10s %10s %10s%n", "(microseconds)", "mean", "p50",
        "p90", "p99", "max"));
    row(out, "per-request error", rt.perRequestError());
    row(out, "  send lag (wire - sent)", f.lags().sendLag());
    row(out, "  receive lag (read - wire)", f.lags().receiveLag());
    row(out, "from intended start", f.latency().fromIntendedStart());
    row(out, "from send start (reported)", f.latency().fromSendStart());
    row(out, "on the wire", f.latency().wire());
    row(out, "on the wire, every exchange", f.latency().wireAllExchanges());
    if (f.lags().belowUncertainty() > 0) {
      line(out, "impossible", f.lags().belowUncertainty()
          + " lags below the clock's uncertainty and the generator's resolution");
    }
    intervals(out, f.intervals());
    Findings.Connections c = f.connections();
    out.append(System.lineSeparator());
    line(out, "connections", String.format(Locale.ROOT,
        "%,d opened, %,d carried requests, peak %,d open at once, %.1f opened/s; %,d sessions",
        c.connectionsOpened(), c.connectionsWithRequests(), c.peakConcurrentConnections(),
        c.connectionsOpenedPerSecond(), c.sessions()));
    line(out, "requests/conn", c.requestsPerConnection().entrySet().stream().filter(e -> e.getValue() > 0)
        .map(e -> e.getKey() + ": " + e.getValue()).reduce((a, b) -> a + ", " + b).orElse("none"));
    line(out, "verdict", c.verdict());
    Map<String, Object> p = f.pressure();
    if (p != null && !p.isEmpty()) {
      line(out, "generator JVM", String.format(Locale.ROOT,
          "peak %s threads, heap max %.1f MiB, %s GC pauses (total %.1f ms, max %.1f ms), mean CPU %.2f cores",
          p.get("threadsPeak"), num(p.get("heapUsedMaxBytes")) / 1048576.0, p.get("gcPauses"),
          num(p.get("gcPauseTotalMicros")) / 1e3, num(p.get("gcPauseMaxMicros")) / 1e3,
          num(p.get("processCpuMeanCores"))));
    }
    return out.toString();
  }

  /** At most {@value #MAX_INTERVAL_ROWS} rows, evenly spread over the run. */
  private static void intervals(StringBuilder out, List<Findings.Interval> intervals) {
    if (intervals.size() < 2) {
      return;
    }
    out.append(String.format(Locale.ROOT, "%n%8s %9s %12s %12s %12s %8s %8s %8s%n", "second", "req/s",
        "reportedUs", "wireUs", "errorUs", "openConn", "threads", "cpuCores"));
    int step = (intervals.size() + MAX_INTERVAL_ROWS - 1) / MAX_INTERVAL_ROWS;
    for (int i = 0; i < intervals.size(); i += step) {
      Findings.Interval v = intervals.get(i);
      out.append(String.format(Locale.ROOT, "%8.0f %9.0f %12.1f %12.1f %+12.1f %8d %8s %8.2f%n", v.startSeconds(),
          v.requestsPerSecond(), v.reportedMeanMicros(), v.wireMeanMicros(), v.meanErrorMicros(),
          v.openConnectionsMax(), v.generatorThreadsMax() < 0 ? "-" : String.valueOf(v.generatorThreadsMax()),
          v.generatorCpuCores()));
    }
  }

  private static double num(Object o) {
    return o instanceof Number n ? n.doubleValue() : Double.NaN;
  }

  private static String reasons(String label, Map<String, Long> reasons) {
    return reasons.isEmpty() ? "" : label + " " + reasons;
  }

  private static void line(StringBuilder out, String label, String text) {
    out.append(String.format(Locale.ROOT, "%-14s %s%n", label + ":", text));
  }

  private static void row(StringBuilder out, String label, Stats s) {
    out.append(String.format(Locale.ROOT, "%-28s %10.1f %10.1f %10.1f %10.1f %10.1f%n", label, s.meanMicros(),
        s.p50Micros(), s.p90Micros(), s.p99Micros(), s.maxMicros()));
  }
}
