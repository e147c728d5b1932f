package io.crosscheck.report;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.Stats;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.telemetry.TelemetrySummary;
import io.crosscheck.text.Printable;
import io.crosscheck.wire.WireStats;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The audit's findings as a short fixed-width text report for a terminal: coverage first (what the
 * figures rest on), then matching, the study's absolute error and ratio, the per-request error,
 * where it arises, the three latency columns, and the connection verdict with its evidence. Figures
 * the evidence does not support are not printed. Formats only; numbers in {@link Locale#ROOT}.
 */
public final class FindingsTable {
  private static final int MAX_INTERVAL_ROWS = 20;
  private static final int MAX_URL_ROWS = 15;

  private FindingsTable() {}

  /** The findings of a findings.json, with what the comparison found of the run itself. */
  public static String format(FindingsFile file) {
    // notes, labels and URLs come from files and servers: escaped, they cannot drive the terminal
    return Printable.escapeKeepingNewlines(table(file));
  }

  private static String table(FindingsFile file) {
    StringBuilder out = new StringBuilder();
    FindingsFile.RunEvidence run = file.run();
    if (run != null && run.tornLastLine() != null) {
      line(out, "requests.csv", String.format(Locale.ROOT, "line %,d was cut short (%,d bytes, %s: the writer"
          + " was killed): skipped; the %,d records before it are analysed", run.tornLastLine().line(),
          run.tornLastLine().bytes(), run.tornLastLine().reason(), run.recordsRead()));
    }
    if (run != null && !run.statusNote().isEmpty()) {
      line(out, "run", run.status() + ": " + run.statusNote());
    }
    out.append(table(file.findings(), file.wire()));
    return out.toString();
  }

  public static String format(Findings f) {
    return Printable.escapeKeepingNewlines(table(f, null));
  }

  /** @param wire the reconstruction's counters (findings.json {@code wire}), null when unknown */
  private static String table(Findings f, WireStats wire) {
    StringBuilder out = new StringBuilder();
    Findings.Coverage cov = f.coverage();
    if (cov != null) {
      line(out, "coverage", cov.statement());
      if (!cov.wireOnly()) {
        line(out, "  window", String.format(Locale.ROOT, "capture %.1f s; %s",
            (cov.captureLastEpochNanos() - cov.captureFirstEpochNanos()) / 1e9, cov.clockMapping()));
      }
    }
    wireLimits(out, wire);
    Findings.Matching m = f.matching();
    line(out, "matching", String.format(Locale.ROOT, "%,d of %,d records matched to %,d wire exchanges"
        + " (%,d by connection)%s%s", m.matched(), m.records(), m.wireExchanges(), m.matchedByConnection(),
        reasons("; unmatched records", m.unmatchedRecords()), reasons("; unmatched exchanges", m.unmatchedExchanges())));
    if (cov == null || !cov.wireOnly()) { // a wire-only analysis maps no generator clock
      line(out, "clock", String.format(Locale.ROOT, "%d calibrations, uncertainty <= %.1f us, drift %.1f us%s",
          f.clock().calibrations(), f.clock().maxUncertaintyMicros(), f.clock().driftMicros(),
          f.clock().reportedResolutionMicros() > 0 ? String.format(Locale.ROOT,
              "; the generator times in steps of %.0f us (currentTimeMillis)", f.clock().reportedResolutionMicros())
              : ""));
    }
    // the study's sanity check comes before any error figure: was the client host the bottleneck?
    if (f.clientHost() != null) {
      line(out, "client host", f.clientHost().statement());
      if (f.clientHost().judged()) {
        line(out, "  evidence", f.clientHost().evidence());
      }
    }
    if (f.errorSource() != null) {
      line(out, "engine layout", f.errorSource().layout());
      line(out, "  known", f.errorSource().knownAccuracy());
    }
    Findings.ResponseTime rt = f.responseTime();
    // without the evidence for them (rt null) no error figure is printed: the wire's own only
    if (rt != null) {
      line(out, "response time", String.format(Locale.ROOT,
          "%,d pairs: reported mean %.1f us, wire mean %.1f us; absolute error %+.1f us (ratio %.3f)",
          rt.pairs(), rt.reportedMeanMicros(), rt.wireMeanMicros(), rt.absoluteErrorMicros(), rt.ratio())
          + reasons("; left out", rt.excludedPairs()));
    }
    out.append(String.format(Locale.ROOT, "%n%-28s %10s %10s %10s %10s %10s%n", "(microseconds)", "mean", "p50",
        "p90", "p99", "max"));
    if (rt != null) {
      row(out, "per-request error", rt.perRequestError());
      row(out, "  send lag (wire - sent)", f.lags().sendLag());
      row(out, "  receive lag (read - wire)", f.lags().receiveLag());
      row(out, "from intended start", f.latency().fromIntendedStart());
      row(out, "from send start (reported)", f.latency().fromSendStart());
      row(out, "on the wire", f.latency().wire());
    }
    boolean outOfOrder = wire != null && wire.outOfOrder();
    if (!outOfOrder) { // (its times, and the intervals', would be the disordered capture's: coverage says so)
      row(out, "on the wire, every exchange", f.latency().wireAllExchanges());
    }
    if (rt != null && f.errorSource() != null && f.errorSource().statement() != null) {
      line(out, "error source", f.errorSource().statement());
      line(out, "  evidence", f.errorSource().evidence());
    }
    if (rt != null && f.lags().belowUncertainty() > 0) {
      line(out, "impossible", f.lags().belowUncertainty()
          + " lags below the clock's uncertainty and the generator's resolution");
    }
    urls(out, f.urls());
    if (!outOfOrder) {
      intervals(out, f.intervals(), rt == null);
    }
    connections(out, f.connections());
    if (f.pace() != null) {
      line(out, "pace", f.pace().statement());
    }
    if (f.generatorBehaviour() != null) {
      for (String statement : f.generatorBehaviour().statements()) {
        line(out, "generator", statement);
      }
    }
    pressure(out, f.pressure());
    return out.toString();
  }

  /**
   * What the capture itself limits, from the reconstruction's counters: packets out of time order, connections
   * that began before the capture, responses without their request. Nothing when none of them happened.
   */
  private static void wireLimits(StringBuilder out, WireStats w) {
    if (w == null) {
      return;
    }
    if (w.packetsBackInTime() > 0) {
      line(out, "capture order", w.outOfOrder()
          ? String.format(Locale.ROOT, "%,d packets are earlier than one before them in the file (up to %.1f us"
              + " back); %,d data segments on %,d connections run backwards on their connection; %,d exchanges"
              + " are impossible (response before request): counted, no wire time taken from them",
              w.packetsBackInTime(), w.maxStepBackNanos() / 1e3, w.dataSegmentsBackInTimeOnConnection(),
              w.connectionsBackInTime(), w.impossibleExchanges())
          : String.format(Locale.ROOT, "%,d packets are earlier than one before them in the file (up to %.1f us"
              + " back), none of a connection's data before its own earlier data: packets of different"
              + " connections interleaved (a multi-queue capture); each connection is rebuilt in its own order",
              w.packetsBackInTime(), w.maxStepBackNanos() / 1e3));
    }
    if (w.midConnectionStarts() > 0 || w.unmatchedResponses() > 0) {
      line(out, "wire coverage", String.format(Locale.ROOT, "limited: %,d of %,d connections began before the capture"
          + " (no SYN captured: their first exchange may be cut, their connect time is unknown); %,d responses"
          + " had no captured request and are not counted as exchanges", w.midConnectionStarts(), w.connections(),
          w.unmatchedResponses()));
    }
  }

  /** The URL groups, most records first, at most {@value #MAX_URL_ROWS} rows (all are in findings.json). */
  private static void urls(StringBuilder out, Findings.Urls urls) {
    if (urls == null || urls.groups().isEmpty()) {
      return;
    }
    out.append(System.lineSeparator());
    line(out, "per URL", urls.statement());
    out.append(String.format(Locale.ROOT, "%-32s %8s %7s %8s %11s %11s %11s %11s %11s%n", "(microseconds)", "records",
        "errors", "matched", "reported", "wire", "error", "wire p50", "wire p99"));
    List<Findings.UrlGroup> groups = urls.groups();
    for (int i = 0; i < groups.size() && i < MAX_URL_ROWS; i++) {
      Findings.UrlGroup g = groups.get(i);
      // a URL came from a workload or a server: escaped on its own, so that a newline in it cannot
      // forge a line of the table
      String name = Printable.escape(g.urlGroup());
      out.append(String.format(Locale.ROOT, "%-32s %8d %7d %8d %11.1f %11.1f %+11.1f %11.1f %11.1f%n",
          name.length() > 32 ? name.substring(0, 31) + "~" : name, g.count(), g.errors(), g.matched(),
          g.reportedMeanMicros(), g.wireMeanMicros(), g.absoluteErrorMicros(), g.wireP50Micros(), g.wireP99Micros()));
    }
    if (groups.size() > MAX_URL_ROWS) {
      out.append(String.format(Locale.ROOT, "(%d more groups in findings.json)%n", groups.size() - MAX_URL_ROWS));
    }
  }

  private static void connections(StringBuilder out, Findings.Connections c) {
    out.append(System.lineSeparator());
    line(out, "connections", String.format(Locale.ROOT,
        "%,d opened, %,d carried requests, peak %,d open at once, %.1f opened/s; %,d sessions among the matched"
            + " records",
        c.connectionsOpened(), c.connectionsWithRequests(), c.peakConcurrentConnections(),
        c.connectionsOpenedPerSecond(), c.sessions()));
    line(out, "requests/conn", c.requestsPerConnection().entrySet().stream().filter(e -> e.getValue() > 0)
        .map(e -> e.getKey() + ": " + e.getValue()).reduce((a, b) -> a + ", " + b).orElse("none"));
    if (c.openAfterFirstSecondsMin() >= 0) {
      line(out, "open later", String.format(Locale.ROOT, "%d-%d open at once after the first %d s; the busiest"
          + " connection carried %.1f %% of all exchanges", c.openAfterFirstSecondsMin(), c.openAfterFirstSecondsMax(),
          c.settleSeconds(), c.busiestConnectionPercent()));
    }
    if (c.foreignConnections() != null && c.foreignConnections() > 0) {
      line(out, "foreign", String.format(Locale.ROOT, "%,d exchanges on %,d connections not opened by this"
          + " generator: another client loaded the same server during the audit (left out of the counts above)",
          c.foreignExchanges(), c.foreignConnections()));
    }
    line(out, "verdict", c.verdict());
    line(out, "  evidence", c.evidence());
  }

  private static void pressure(StringBuilder out, TelemetrySummary p) {
    if (p != null) {
      line(out, "generator JVM", String.format(Locale.ROOT,
          "peak %d threads, heap max %.1f MiB, %d GC pauses (total %.1f ms, max %.1f ms), mean CPU %.2f cores",
          p.threadsPeak(), p.heapUsedMaxBytes() / 1048576.0, p.gcPauses(), p.gcPauseTotalMicros() / 1e3,
          p.gcPauseMaxMicros() / 1e3, p.processCpuMeanCores()));
    }
  }

  /**
   * At most {@value #MAX_INTERVAL_ROWS} rows, evenly spread over the run; with {@code wireOnly} (no
   * records, or too few matched to judge) only the wire's own columns.
   */
  private static void intervals(StringBuilder out, List<Findings.Interval> intervals, boolean wireOnly) {
    if (intervals.size() < 2) {
      return;
    }
    out.append(wireOnly
        ? String.format(Locale.ROOT, "%n%8s %10s %12s %8s%n", "second", "exchanges", "wireUs", "openConn")
        : String.format(Locale.ROOT, "%n%8s %9s %12s %12s %12s %8s %8s %8s%n", "second", "req/s", "reportedUs",
            "wireUs", "errorUs", "openConn", "threads", "cpuCores"));
    int step = (intervals.size() + MAX_INTERVAL_ROWS - 1) / MAX_INTERVAL_ROWS;
    for (int i = 0; i < intervals.size(); i += step) {
      Findings.Interval v = intervals.get(i);
      out.append(wireOnly
          ? String.format(Locale.ROOT, "%8.0f %10d %12.1f %8d%n", v.startSeconds(), v.wireExchanges(),
              v.wireAllMeanMicros(), v.openConnectionsMax())
          : String.format(Locale.ROOT, "%8.0f %9.0f %12.1f %12.1f %+12.1f %8d %8s %8.2f%n", v.startSeconds(),
              v.requestsPerSecond(), v.reportedMeanMicros(), v.wireMeanMicros(), v.meanErrorMicros(),
              v.openConnectionsMax(), v.generatorThreadsMax() < 0 ? "-" : String.valueOf(v.generatorThreadsMax()),
              v.generatorCpuCores()));
    }
  }

  private static String reasons(String label, Map<String, Long> reasons) {
    return reasons.isEmpty() ? "" : label + " " + reasons;
  }

  /** One labelled line: the label and a colon in 14 columns, then the text (shared by the report's tables). */
  static void line(StringBuilder out, String label, String text) {
    out.append(String.format(Locale.ROOT, "%-14s %s%n", label + ":", text));
  }

  private static void row(StringBuilder out, String label, Stats s) {
    out.append(String.format(Locale.ROOT, "%-28s %10.1f %10.1f %10.1f %10.1f %10.1f%n", label, s.meanMicros(),
        s.p50Micros(), s.p90Micros(), s.p99Micros(), s.maxMicros()));
  }
}
