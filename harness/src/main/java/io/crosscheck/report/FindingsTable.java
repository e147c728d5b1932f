package io.crosscheck.report;

import io.crosscheck.rundir.WorkloadSection;
import io.crosscheck.stats.ConfidenceInterval;
import io.crosscheck.stats.Fit;
import io.crosscheck.stats.Intervals;
import io.crosscheck.stats.Lag1;
import io.crosscheck.stats.WarmUp;
import io.crosscheck.rundir.CaptureClock;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.Findings.Stats;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.rundir.Support;
import io.crosscheck.telemetry.TelemetrySummary;
import io.crosscheck.text.Printable;
import java.util.ArrayList;
import io.crosscheck.wire.WireStats;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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
    if (run != null && (!run.statusNote().isEmpty() || incomplete(run.status()))) {
      line(out, "run", run.status() + ": " + (run.statusNote().isEmpty() ? statusWords(run.status())
          : run.statusNote()));
    }
    Support support = file.support();
    if (support != null && support.failed() > 0) {
      line(out, "failures", failures(support));
    }
    if (support != null && !support.supported()) {
      line(out, "not supported", unsupported(file) + " (exit 3)");
    }
    out.append(table(file.findings(), file.wire(), file.liveCapture(), file.captureClock()));
    return out.toString();
  }

  private static boolean incomplete(String status) {
    return status != null && !RunJson.COMPLETED.equals(status) && !RunJson.WIRE_ONLY.equals(status);
  }

  /** What a status without a note means, in words. */
  private static String statusWords(String status) {
    return switch (status) {
      case RunJson.INTERRUPTED -> "the run was stopped (Ctrl-C or SIGTERM) before its end; its records up to"
          + " then are analysed";
      case RunJson.FAILED -> "the run failed before its end (run.json says why); its records up to then are"
          + " analysed";
      default -> "the run did not complete; its records up to then are analysed";
    };
  }

  private static String failures(Support s) {
    // the measured phase's records (every record when none is in it: SupportCheck)
    return String.format(Locale.ROOT, "%,d of %,d records of the measured phase ended with no reply (%.1f %%: %s)",
        s.failed(), s.records(), s.failedPercent(),
        s.failedByOutcome().entrySet().stream().map(e -> String.format(Locale.ROOT, "%s %,d", e.getKey(), e.getValue()))
            .reduce((a, b) -> a + ", " + b).orElse(""));
  }

  /**
   * Why the findings of {@code file} support no verdict on the run, in words (its support's
   * reasons); empty when they do, or when the file has no support section.
   */
  public static String unsupported(FindingsFile file) {
    Support s = file.support();
    if (s == null || s.supported()) {
      return "";
    }
    List<String> why = new ArrayList<>();
    for (Support.Reason r : s.reasons()) {
      if (r == null) {
        continue; // a reason of a newer crosscheck
      }
      Findings.Coverage c = file.findings() == null ? null : file.findings().coverage();
      why.add(switch (r) {
        case BELOW_FLOOR -> c == null ? "below the matching floor" : c.wireOnly()
            ? "the capture holds no HTTP exchange"
            : String.format(Locale.ROOT, "below the %.0f %% matching floor (%,d of %,d records in the capture"
                + " matched)", c.minMatchedPercent(), c.matched(), c.inCapture());
        case CAPTURE_OUT_OF_ORDER -> "the capture's packets run backwards in time on a connection (see the"
            + " capture order line): no wire time is judged";
        case NO_COMPLETED_EXCHANGE -> c != null && c.wireOnly() ? "no exchange completed in the capture"
            : String.format(Locale.ROOT, "no exchange completed on both sides in the measured phase (%,d records matched; none has a complete reply in both the records and the"
            + " capture)", c == null ? 0 : c.matched());
        case FAILURES_DOMINATE -> String.format(Locale.ROOT, "%.1f %% of the records failed (%,d of %,d, above"
            + " the %.0f %% ceiling): a figure rests only on the %,d that did not", s.failedPercent(), s.failed(),
            s.records(), s.maxFailedPercent(), s.records() - s.failed());
        case RUN_INCOMPLETE -> "the run is " + s.runStatus() + ", not completed: its figures cover only the part"
            + " that ran";
      });
    }
    return String.join("; ", why);
  }

  public static String format(Findings f) {
    return Printable.escapeKeepingNewlines(table(f, null, null, null));
  }

  /**
   * @param wire the reconstruction's counters (findings.json {@code wire}), null when unknown
   * @param live the live capture's counters (findings.json {@code liveCapture}), null for a capture made elsewhere
   * @param captureClock how the capture's clock was read, null for the run's own capture
   */
  private static String table(Findings f, WireStats wire, CaptureJson live, CaptureClock captureClock) {
    StringBuilder out = new StringBuilder();
    Findings.Coverage cov = f.coverage();
    if (cov != null) {
      line(out, "coverage", FindingsSentences.coverage(f));
      if (!cov.wireOnly()) {
        line(out, "  window", String.format(Locale.ROOT, "capture %.1f s; %s",
            (cov.captureLastEpochNanos() - cov.captureFirstEpochNanos()) / 1e9, FindingsSentences.clockMapping(f)));
      }
    }
    captureLoss(out, live);
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
    Set<String> notJudged = Set.of();
    if (captureClock != null) {
      line(out, "alignment", FindingsSentences.captureClock(captureClock));
      if (captureClock.foreign()) {
        line(out, "  drift", FindingsSentences.captureClockDrift(captureClock));
        line(out, "  path", String.format(Locale.ROOT, "the error figures include the path between the generator"
            + " and the capture point, both ways: at most %.1f us on the quickest exchange (the bounds' width)",
            captureClock.pathBoundMicros()));
        if (captureClock.notJudged() != null && !captureClock.notJudged().isEmpty()) {
          notJudged = Set.copyOf(captureClock.notJudged());
          line(out, "  not judged", "n/j below: " + FindingsSentences.captureClockRule(captureClock));
        }
      }
    }
    // the study's sanity check comes before any error figure: was the client host the bottleneck?
    if (f.clientHost() != null) {
      line(out, "client host", FindingsSentences.clientHost(f));
      if (f.clientHost().judged()) {
        line(out, "  evidence", FindingsSentences.clientHostEvidence(f));
      }
    }
    serverHost(out, f);
    // legacy engines and agents have no layout: nothing to state (never the word "null")
    if (f.errorSource() != null && f.errorSource().layout() != null) {
      line(out, "engine layout", f.errorSource().layout());
      if (f.errorSource().knownAccuracy() != null) {
        line(out, "  known", f.errorSource().knownAccuracy());
      }
    }
    Findings.ResponseTime rt = f.responseTime();
    // without the evidence for them (rt null) no error figure is printed: the wire's own only
    if (rt != null && rt.pairs() == 0) {
      // no pair complete on both sides: a mean of nothing is no figure
      line(out, "response time", "not judged: no exchange completed on both sides in the measured phase (0"
          + " pairs)" + reasons("; left out", rt.excludedPairs()));
      rt = null;
    } else if (rt != null) {
      boolean foreign = captureClock != null && captureClock.foreign();
      String absolute = notJudged.contains("responseTime.absoluteErrorMicros") ? String.format(Locale.ROOT,
          "absolute error not judged (%+.1f us, within the path bound %.1f us)", rt.absoluteErrorMicros(),
          captureClock.pathBoundMicros()) : String.format(Locale.ROOT, "absolute error %+.1f us%s",
          rt.absoluteErrorMicros(), foreign ? String.format(Locale.ROOT, " (path to the capture point up to %.1f us"
              + " of it)", captureClock.pathBoundMicros()) : "");
      line(out, "response time", String.format(Locale.ROOT,
          "%,d pairs: reported mean %.1f us, wire mean %.1f us; %s (ratio %.3f)",
          rt.pairs(), rt.reportedMeanMicros(), rt.wireMeanMicros(), absolute, rt.ratio())
          + reasons("; left out", rt.excludedPairs()));
      if (rt.confidence() != null) {
        confidence(out, rt.confidence(), notJudged.contains("responseTime.absoluteErrorMicros"));
      }
    }
    Stats wireAll = f.latency().wireAllExchanges();
    if (rt == null && (wireAll == null || wireAll.count() == 0)) {
      line(out, "on the wire", "no exchange completed in the capture: no wire figure");
    } else {
      out.append(String.format(Locale.ROOT, "%n%-28s %10s %10s %10s %10s %10s%n", "(microseconds)", "mean", "p50",
          "p90", "p99", "max"));
    }
    if (rt != null) {
      row(out, "per-request error", rt.perRequestError(), notJudged, "responseTime.perRequestError");
      row(out, "  send lag (wire - sent)", f.lags().sendLag(), notJudged, "lags.sendLag");
      row(out, "  receive lag (read - wire)", f.lags().receiveLag(), notJudged, "lags.receiveLag");
      row(out, "from intended start", f.latency().fromIntendedStart());
      row(out, "from send start (reported)", f.latency().fromSendStart());
      row(out, "on the wire", f.latency().wire());
    }
    boolean outOfOrder = wire != null && wire.outOfOrder();
    // (out of order, its times and the intervals' would be the disordered capture's: coverage says so)
    if (!outOfOrder && (rt != null || (wireAll != null && wireAll.count() > 0))) {
      row(out, "on the wire, every exchange", wireAll);
    }
    String errorSource = FindingsSentences.errorSource(f);
    if (rt != null && errorSource != null) {
      line(out, "error source", errorSource);
      String evidence = FindingsSentences.errorSourceEvidence(f);
      if (evidence != null) {
        line(out, "  evidence", evidence);
      }
    }
    if (rt != null && f.lags().belowUncertainty() > 0) {
      line(out, "impossible", f.lags().belowUncertainty()
          + " lags below the clock's uncertainty and the generator's resolution");
    }
    urls(out, f);
    if (!outOfOrder) {
      intervals(out, f.intervals(), rt == null);
    }
    connections(out, f, wire);
    if (f.pace() != null) {
      line(out, "pace", FindingsSentences.pace(f));
    }
    if (f.workload() != null) {
      workload(out, f.workload());
    }
    if (f.generatorBehaviour() != null) {
      for (String statement : f.generatorBehaviour().statements()) {
        line(out, "generator", statement);
      }
    }
    if (f.stall() != null) {
      line(out, "stall", stall(f.stall()));
    }
    if (f.wan() != null) {
      line(out, "wan", FindingsSentences.wan(f));
      String evidence = FindingsSentences.wanEvidence(f);
      if (evidence != null && !evidence.equals("not stated")) {
        line(out, "  evidence", evidence);
      }
    }
    for (String sentence : PopulationSentences.of(f.populations())) {
      line(out, "population", sentence);
    }
    pressure(out, f.pressure());
    return out.toString();
  }

  /** The server host's side (server telemetry) and which host was the bottleneck; nothing in older files. */
  private static void serverHost(StringBuilder out, Findings f) {
    Findings.ServerHost s = f.serverHost();
    if (s != null) {
      line(out, "server host", FindingsSentences.serverHost(f));
      line(out, "  evidence", FindingsSentences.serverHostEvidence(f));
      for (Findings.InterfaceTraffic n : s.network()) {
        if (n.rxPackets() > 0 || n.txPackets() > 0 || n.rxDroppedPackets() > 0 || n.txDroppedPackets() > 0) {
          line(out, "  network", String.format(Locale.ROOT, "%s: received %,d bytes in %,d packets (%,d dropped),"
              + " sent %,d bytes in %,d packets (%,d dropped)", n.name(), n.rxBytes(), n.rxPackets(),
              n.rxDroppedPackets(), n.txBytes(), n.txPackets(), n.txDroppedPackets()));
        }
      }
    }
    String bottleneck = FindingsSentences.bottleneck(f);
    if (bottleneck != null) {
      line(out, "bottleneck", bottleneck);
    }
  }

  /** The load's longest stall in words, with its figures (run.json's stall section). */
  static String stall(io.crosscheck.rundir.RunJson.StallSection s) {
    String on = s.connections() < 0 ? "" : String.format(Locale.ROOT, " on %,d connection%s", s.connections(),
        s.connections() == 1 ? "" : "s");
    String oldest = s.oldestInFlightNanos() < 0 ? "" : String.format(Locale.ROOT, ", the oldest in flight for %.1f s",
        s.oldestInFlightNanos() / 1e9);
    String last = s.lastCompletionOffsetNanos() < 0 ? "nothing had completed before it"
        : String.format(Locale.ROOT, "%,d completed before it, the last at %.1f s", s.completedBefore(),
            s.lastCompletionOffsetNanos() / 1e9);
    String end = s.stoppedByTimeout()
        ? String.format(Locale.ROOT, "; --stall-timeout %.1f s stopped the load (status stalled)", s.timeoutNanos() / 1e9)
        : "";
    return String.format(Locale.ROOT, "no exchange completed for %.1f s from %.1f s after the start: %,d in flight%s%s;"
        + " %s (%,d stall%s of %.1f s or more)%s", s.durationNanos() / 1e9, s.startOffsetNanos() / 1e9, s.inFlight(),
        on, oldest, last, s.stalls(), s.stalls() == 1 ? "" : "s", s.warningNanos() / 1e9, end);
  }

  /**
   * Packets the live capture lost, from libpcap's counters: {@code ps_drop}, the target's packets the kernel
   * dropped for want of buffer space, and {@code ps_ifdrop}, what the interface (its driver) dropped of all its
   * traffic, the target's or not. Either limits what the figures rest on: an exchange with a lost packet is cut
   * (a gap) or missing. Nothing when neither happened, or for a capture made elsewhere (its drops are unknown).
   */
  static void captureLoss(StringBuilder out, CaptureJson live) {
    if (live == null) {
      return;
    }
    long kernel = live.kernelDropped() == null ? 0 : live.kernelDropped();
    long iface = live.interfaceDropped() == null ? 0 : live.interfaceDropped();
    if (kernel == 0 && iface == 0) {
      return;
    }
    List<String> what = new ArrayList<>();
    if (kernel > 0) {
      String snap = live.snaplenBytes() <= 0 ? "" : String.format(Locale.ROOT, "; or, where the HTTP heads fit in"
          + " fewer bytes, a smaller --snaplen: this capture kept up to %,d bytes of each packet", live.snaplenBytes());
      what.add(String.format(Locale.ROOT, "the kernel dropped %,d packets (ps_drop: its capture buffer was full;"
          + " try a larger --capture-buffer%s)", kernel, snap));
    }
    if (iface > 0) {
      what.add(String.format(Locale.ROOT, "%s dropped %,d packets (ps_ifdrop: all of its traffic, not only the"
          + " target's)", live.interfaceName() == null ? "the interface" : live.interfaceName(), iface));
    }
    line(out, "capture loss", "limited: " + String.join("; ", what) + ": an exchange that lost a packet is cut or"
        + " missing, so the coverage above counts it as unmatched or incomplete");
  }

  /**
   * What the capture itself limits, from the reconstruction's counters: packets out of time order, bytes it lost, connections
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
    if (w.truncatedSegments() > 0) {
      // GRO/TSO hand the capture segments of up to 64 KiB whatever the MTU: the snap length cuts them
      line(out, "snap length", String.format(Locale.ROOT, "%,d segments were longer than the snap length kept: each"
          + " is timed whole (its sequence range is the IP header's), the bytes past the cut are known in length,"
          + " not read; an exchange whose HTTP framing fell in them is marked truncated in wire-exchanges.csv (a cut"
          + " URL urlTruncated) and has no wire time", w.truncatedSegments()));
    }
    if (w.gapBytes() > 0) {
      line(out, "capture gaps", String.format(Locale.ROOT, "%,d bytes that the peers acknowledged were never captured"
          + " (the capture lost them): an exchange that began or ended in them is framed but has no wire time"
          + " (instant-not-captured or truncated in wire-exchanges.csv), a request lost whole is missing; which"
          + " request a reply answers is checked against the server's acknowledgements", w.gapBytes()));
    }
    if (w.midConnectionStarts() > 0 || w.unmatchedResponses() > 0) {
      line(out, "wire coverage", String.format(Locale.ROOT, "limited: %,d of %,d connections began before the capture"
          + " (no SYN captured: their first exchange may be cut, their connect time is unknown); %,d responses"
          + " had no captured request and are not counted as exchanges", w.midConnectionStarts(), w.connections(),
          w.unmatchedResponses()));
    }
  }

  /** The URL groups, most records first, at most {@value #MAX_URL_ROWS} rows (all are in findings.json). */
  private static void urls(StringBuilder out, Findings f) {
    Findings.Urls urls = f.urls();
    if (urls == null || urls.groups().isEmpty()) {
      return;
    }
    out.append(System.lineSeparator());
    line(out, "per URL", FindingsSentences.urls(f));
    out.append(String.format(Locale.ROOT, "%-32s %8s %7s %8s %11s %11s %11s %11s %11s%n", "(microseconds)", "records",
        "errors", "matched", "reported", "wire", "error", "wire p50", "wire p99"));
    List<Findings.UrlGroup> groups = urls.groups();
    for (int i = 0; i < groups.size() && i < MAX_URL_ROWS; i++) {
      Findings.UrlGroup g = groups.get(i);
      // a URL came from a workload or a server: escaped on its own, so that a newline in it cannot
      // forge a line of the table
      String name = Printable.escape(g.urlGroup());
      out.append(String.format(Locale.ROOT, "%-32s %8d %7d %8d %11s %11s %11s %11s %11s%n",
          name.length() > 32 ? name.substring(0, 31) + "~" : name, g.count(), g.errors(), g.matched(),
          micros(g.reportedMeanMicros()), micros(g.wireMeanMicros()), signedMicros(g.absoluteErrorMicros()),
          micros(g.wireP50Micros()), micros(g.wireP99Micros())));
    }
    if (groups.size() > MAX_URL_ROWS) {
      out.append(String.format(Locale.ROOT, "(%d more groups in findings.json)%n", groups.size() - MAX_URL_ROWS));
    }
  }

  private static void connections(StringBuilder out, Findings f, WireStats wire) {
    Findings.Connections c = f.connections();
    out.append(System.lineSeparator());
    line(out, "connections", String.format(Locale.ROOT,
        "%,d opened, %,d carried requests, peak %,d open at once, %s; %,d sessions among the matched"
            + " records",
        c.connectionsOpened(), c.connectionsWithRequests(), c.peakConcurrentConnections(),
        Double.isNaN(c.connectionsOpenedPerSecond()) ? "no rate (the capture spans no time)"
            : String.format(Locale.ROOT, "%.1f opened/s", c.connectionsOpenedPerSecond()), c.sessions()));
    line(out, "requests/conn", c.requestsPerConnection().entrySet().stream().filter(e -> e.getValue() > 0)
        .map(e -> e.getKey() + ": " + e.getValue()).reduce((a, b) -> a + ", " + b).orElse("none"));
    if (c.openAfterFirstSecondsMin() >= 0 && !Double.isNaN(c.busiestConnectionPercent())) {
      line(out, "open later", String.format(Locale.ROOT, "%d-%d open at once after the first %d s; the busiest"
          + " connection carried %.1f %% of all exchanges", c.openAfterFirstSecondsMin(), c.openAfterFirstSecondsMax(),
          c.settleSeconds(), c.busiestConnectionPercent()));
    }
    if (c.foreignConnections() != null && c.foreignConnections() > 0) {
      // a connection whose SYN the capture lost has no connect instant to meet a record's: it may be this
      // generator's own (a 19,000-session audit whose capture dropped packets had 1,552 such)
      long noSyn = wire == null ? 0 : wire.midConnectionStarts();
      String whose = noSyn > 0 ? String.format(Locale.ROOT, "another client's (a second audit, a health check) or"
          + " this generator's own whose SYN the capture did not see (%,d connections began without one)", noSyn)
          : "another client's, most likely (a second audit, a health check)";
      line(out, "foreign", String.format(Locale.ROOT, "%,d exchanges on %,d connections that no record of this"
          + " generator names (evidence: its records' client ip:port and connect instants): %s; left out of the"
          + " counts above", c.foreignExchanges(), c.foreignConnections(), whose));
    }
    line(out, "verdict", FindingsSentences.connectionsVerdict(f));
    line(out, "  evidence", FindingsSentences.connectionsEvidence(f));
  }

  private static void pressure(StringBuilder out, TelemetrySummary p) {
    if (p != null) {
      // a pause count of -1 is no pause source, not a figure
      String pauses = p.gcPauses() < 0 ? "GC pauses not measured (" + p.gcPauseSource() + ")"
          : String.format(Locale.ROOT, "%d GC pauses (total %.1f ms, max %.1f ms)", p.gcPauses(),
              p.gcPauseTotalMicros() / 1e3, p.gcPauseMaxMicros() / 1e3);
      line(out, "generator JVM", String.format(Locale.ROOT, "peak %d threads, heap max %.1f MiB, %s, mean CPU %s",
          p.threadsPeak(), p.heapUsedMaxBytes() / 1048576.0, pauses, Double.isNaN(p.processCpuMeanCores())
              ? "not measured" : String.format(Locale.ROOT, "%.2f cores", p.processCpuMeanCores())));
      String source = p.gcPauses() < 0 ? "" : "; pauses from " + p.gcPauseSource();
      line(out, "  evidence", p.samples() <= 0 ? "no telemetry sample recorded" + source
          : String.format(Locale.ROOT, "%,d telemetry samples, one every %.0f ms over the recorder's %.1f s"
              + " (telemetry.csv: the JVM's MXBeans, /proc/self/stat)%s", p.samples(), p.periodNanos() / 1e6,
              (p.endNanos() - p.startNanos()) / 1e9, source));
    }
  }

  /**
   * The run's intervals in at most {@value #MAX_INTERVAL_ROWS} rows that cover it whole: each row
   * sums {@code step} consecutive intervals (counts added, means weighted by their counts, maxima
   * kept), so no request is hidden between rows; the header says how many seconds a row holds. With
   * {@code wireOnly} (no records, or no pair to judge) only the wire's own columns.
   */
  private static void intervals(StringBuilder out, List<Findings.Interval> intervals, boolean wireOnly) {
    if (intervals.size() < 2) {
      return;
    }
    int step = (intervals.size() + MAX_INTERVAL_ROWS - 1) / MAX_INTERVAL_ROWS;
    double intervalSeconds = intervals.get(1).startSeconds() - intervals.get(0).startSeconds();
    out.append(System.lineSeparator());
    if (step > 1) {
      out.append(String.format(Locale.ROOT, "(%d intervals of %s s, %d to a row: each row sums them;"
          + " findings.json \"intervals\" has each one)%n", intervals.size(), seconds(intervalSeconds), step));
    }
    // the server's columns (the study's Figure 3 axis) only when server telemetry was joined
    boolean server = intervals.stream().anyMatch(v -> v.serverCpuCores() != null || v.serverHostCpuBusyPercent() != null);
    out.append(wireOnly
        ? String.format(Locale.ROOT, "%8s %10s %12s %8s", "second", "exchanges", "wireUs", "openConn")
        : String.format(Locale.ROOT, "%8s %9s %12s %12s %12s %8s %8s %8s", "second", "req/s", "reportedUs",
            "wireUs", "errorUs", "openConn", "threads", "cpuCores"));
    out.append(server ? String.format(Locale.ROOT, " %8s %8s%n", "srvCores", "srvHost%") : System.lineSeparator());
    for (int i = 0; i < intervals.size(); i += step) {
      List<Findings.Interval> row = intervals.subList(i, Math.min(intervals.size(), i + step));
      String second = row.size() == 1 ? seconds(row.get(0).startSeconds())
          : seconds(row.get(0).startSeconds()) + "-" + seconds(row.get(row.size() - 1).startSeconds());
      long requests = 0;
      double reportedSum = 0;
      double wireSum = 0;
      long exchanges = 0;
      double wireAllSum = 0;
      int open = 0;
      int threads = -1;
      ColumnMean cpu = new ColumnMean();
      ColumnMean srv = new ColumnMean();
      ColumnMean srvHost = new ColumnMean();
      for (Findings.Interval v : row) {
        srv.add(v.serverCpuCores());
        srvHost.add(v.serverHostCpuBusyPercent());
        if (v.requests() > 0) {
          requests += v.requests();
          reportedSum += v.reportedMeanMicros() * v.requests();
          wireSum += v.wireMeanMicros() * v.requests();
        }
        if (v.wireExchanges() > 0) {
          exchanges += v.wireExchanges();
          wireAllSum += v.wireAllMeanMicros() * v.wireExchanges();
        }
        open = Math.max(open, v.openConnectionsMax());
        threads = Math.max(threads, v.generatorThreadsMax());
        cpu.add(v.generatorCpuCores());
      }
      double rowSeconds = row.size() * intervalSeconds;
      double reported = requests == 0 ? Double.NaN : reportedSum / requests;
      double wire = requests == 0 ? Double.NaN : wireSum / requests;
      out.append(wireOnly
          ? String.format(Locale.ROOT, "%8s %10d %12s %8d", second, exchanges,
              micros(exchanges == 0 ? Double.NaN : wireAllSum / exchanges), open)
          : String.format(Locale.ROOT, "%8s %9.0f %12s %12s %12s %8d %8s %8s", second, requests / rowSeconds,
              micros(reported), micros(wire), signedMicros(reported - wire), open,
              threads < 0 ? "-" : String.valueOf(threads), cpu.format("%.2f")));
      out.append(server ? String.format(Locale.ROOT, " %8s %8s%n", srv.format("%.2f"), srvHost.format("%.1f"))
          : System.lineSeparator());
    }
  }

  /** The plain mean of an interval column over the intervals of a row; an interval without the figure is left out. */
  private static final class ColumnMean {
    private double sum;
    private int intervals;

    /** Adds one interval's figure; null or NaN (not measured) is left out. */
    void add(Double value) {
      if (value != null && !value.isNaN()) {
        sum += value;
        intervals++;
      }
    }

    /** The mean as {@code pattern} formats it; "-" when no interval had the figure. */
    String format(String pattern) {
      return intervals == 0 ? "-" : String.format(Locale.ROOT, pattern, sum / intervals);
    }
  }

  /** Seconds without a needless fraction: 5, 0.5. */
  private static String seconds(double s) {
    return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f", s) : String.format(Locale.ROOT, "%.1f", s);
  }

  private static String reasons(String label, Map<String, Long> reasons) {
    return reasons.isEmpty() ? "" : label + " " + reasons;
  }

  /**
   * The response times' 95 % intervals and the checks of what they assume (two lines), each figure
   * with its bounds in brackets ("-" for a bound the pairs cannot support) and the warnings in words.
   */
  private static void confidence(StringBuilder out, Findings.Confidence c, boolean errorNotJudged) {
    ConfidenceInterval e = c.absoluteErrorMicros();
    String means = e.method() == ConfidenceInterval.Method.BATCH_MEANS ? String.format(Locale.ROOT,
        "%s: %d batches of the %,d pairs in wire order", e.method().words(), Intervals.BATCHES, e.sampleSize())
        : String.format(Locale.ROOT, "%s over %,d pairs", e.method().words(), e.sampleSize());
    line(out, "  95 % CI", String.format(Locale.ROOT, "%swire mean %s, reported mean %s (%s); wire p50 %s, p99 %s"
            + " (" + c.wireP50Micros().method().words() + ")",
        errorNotJudged ? "" : "absolute error " + signedMicros(e.estimate()) + " [" + signedMicros(e.low()) + ", "
            + signedMicros(e.high()) + "] us, ",
        bracketed(c.wireMeanMicros()), bracketed(c.reportedMeanMicros()), means,
        bracketed(c.wireP50Micros()), bracketed(c.wireP99Micros())));
    StringBuilder checks = new StringBuilder("wire times in wire order: ");
    if (c.wireLag1() == null || c.wireWarmUp() == null) {
      checks.append(String.format(Locale.ROOT, "not checked (%,d pairs, %d needed)", e.sampleSize(),
          Findings.Confidence.MIN_CHECKED_PAIRS));
    } else {
      checks.append(lag1("lag-1", c.wireLag1()));
      if (c.wireBatchMeansLag1() != null) {
        checks.append(", ").append(lag1("batch means' lag-1", c.wireBatchMeansLag1()));
      }
      WarmUp w = c.wireWarmUp();
      checks.append(String.format(Locale.ROOT, "; MSER-5 warm-up %,d pairs (%s)", w.warmUpValues(),
          w.steady() ? "settled" : "no steady state"));
    }
    for (Findings.ConfidenceWarning warning : c.warnings()) {
      checks.append("; warning: ").append(switch (warning) {
        case TOO_FEW_PAIRS -> "too few pairs to check the intervals' assumptions";
        case SERIAL_CORRELATION -> "the times are correlated, the percentiles' intervals are too narrow";
        case BATCH_MEANS_CORRELATED -> "the batch means are correlated, the means' intervals are too narrow";
        case NO_STEADY_STATE -> "the times drift through the measured phase, the means describe no steady state";
        case WARM_UP_IN_MEASURED_PHASE -> "a tenth or more of the pairs look like warm-up, the measured phase began"
            + " too early";
      });
    }
    line(out, "  checks", checks.toString());
  }

  /**
   * What the generator sent: sessions (or threads, or connections), rate and how many next requests
   * waited for the previous reply; then one line per check against a declaration: the think times,
   * open or closed, the arrivals, the page mix, each with what it rests on and a verdict only where the
   * sample supports one.
   */
  private static void workload(StringBuilder out, Findings.Workload w) {
    for (List<String> row : workloadRows(w)) {
      line(out, row.get(0), row.get(1));
    }
  }

  /**
   * The workload section's lines as (label, text) pairs, for the table and the HTML report; a label
   * indented by two spaces per level belongs to the line above.
   */
  public static List<List<String>> workloadRows(Findings.Workload w) {
    List<List<String>> rows = new java.util.ArrayList<>();
    Findings.UserKind kind = w.userKind() == null ? Findings.UserKind.SESSION : w.userKind();
    String user = switch (kind) {
      case SESSION -> "session";
      case THREAD -> "thread";
      case CONNECTION -> "connection";
    };
    String loop = w.consecutivePairs() == 0 ? "no " + user + " sent two requests in the measured phase"
        : String.format(Locale.ROOT, "%,d of %,d next requests of a %s sent after the previous reply's last"
            + " byte (%.1f %%)", w.sentAfterCompletion(), w.consecutivePairs(), user,
            100.0 * w.sentAfterCompletion() / w.consecutivePairs());
    String what = kind == Findings.UserKind.CONNECTION ? "complete exchanges on the wire (a capture alone: a user is"
        + " a connection)" : kind == Findings.UserKind.THREAD
        ? "matched requests complete on the wire in the measured phase (capture clock; a user is a thread)"
        : "matched requests complete on the wire in the measured phase (capture clock)";
    row(rows, "workload", String.format(Locale.ROOT, "%,d %ss, %,d %s, %s/s; %s", w.sessions(), user, w.requests(),
        what, Double.isNaN(w.requestsPerSecond()) ? "-" : String.format(Locale.ROOT, "%,.1f", w.requestsPerSecond()),
        loop));
    StringBuilder think = new StringBuilder();
    ConfidenceInterval t = w.wireThinkMillis();
    think.append(t == null ? "fewer than 2 wire think times: no mean" : String.format(Locale.ROOT,
        "wire mean %.3f [%.3f, %.3f] ms over %,d gaps (95 %%, %s)", t.estimate(), t.low(), t.high(), t.sampleSize(),
        t.method().words()));
    Findings.ThinkJudgement j = w.think();
    WorkloadSection.ThinkSection d = j != null ? j.declared() : w.declaredThink();
    if (d == null) {
      think.append("; no think time declared");
    } else {
      think.append("; declared ").append(declaredThink(d)).append(j != null && j.declaredBy() != null
          ? " (" + j.declaredBy() + ")" : "");
      Fit fit = j != null ? j.fit() : w.thinkFit();
      if (j != null && j.verdict() == Findings.WorkloadVerdict.NOT_JUDGED) {
        think.append(String.format(Locale.ROOT, ": not judged (%,d think times, %d needed)",
            t == null ? 0 : t.sampleSize(), Fit.MIN_KS_SAMPLE));
      } else if (fit == null && j != null) {
        think.append(String.format(Locale.ROOT, ": the mean is %+.3f ms from it (tolerance %.3f ms): %s",
            j.lateMillis(), j.toleranceMillis(), words(j.verdict())));
      } else if (fit == null) {
        think.append(" (no distribution to test)");
      } else if (fit.verdict() == Fit.Verdict.NOT_JUDGED) {
        think.append(String.format(Locale.ROOT, ": not judged (%,d think times, %d needed)", fit.sampleSize(),
            Fit.MIN_KS_SAMPLE));
      } else {
        think.append(String.format(Locale.ROOT, ": Kolmogorov-Smirnov D %.4f, p %.3g over %,d", fit.statistic(),
            fit.pValue(), fit.sampleSize()));
        if (j == null) {
          think.append(fit.verdict() == Fit.Verdict.FAITHFUL ? ": faithful" : ": rejected");
        } else if (j.shiftedFit() == null) {
          think.append(": ").append(words(j.verdict()));
        } else {
          think.append(String.format(Locale.ROOT, "; less its %.3f ms lateness D %.4f, p %.3g: %s", j.lateMillis(),
              j.shiftedFit().statistic(), j.shiftedFit().pValue(), j.verdict() == Findings.WorkloadVerdict.FAITHFUL
              ? String.format(Locale.ROOT, "faithful, late within the %.3f ms tolerance", j.toleranceMillis())
              : j.verdict() == Findings.WorkloadVerdict.LATE ? String.format(Locale.ROOT,
              "late: the declared shape, %.3f ms later (tolerance %.3f ms)", j.lateMillis(), j.toleranceMillis())
              : "rejected: another distribution, not only a delay"));
        }
        think.append(String.format(Locale.ROOT, " (at %.0f %%)", 100 * fit.alpha()));
        if (j != null && j.plannedFit() != null && j.plannedFit().verdict() != Fit.Verdict.NOT_JUDGED) {
          Fit planned = j.plannedFit();
          think.append(String.format(Locale.ROOT, "; the generator's planned think times (its records' intended"
              + " starts): D %.4f, p %.3g%s", planned.statistic(), planned.pValue(),
              planned.verdict() == Fit.Verdict.REJECTED ? ", rejected too: the draws', not the sending's" : ""));
        }
      }
    }
    row(rows, "  think", think.toString());
    if (w.arrivalGapMillis() != null) {
      ConfidenceInterval g = w.arrivalGapMillis();
      row(rows, "  gaps", String.format(Locale.ROOT, "between consecutive request starts on the wire (every %s's):"
          + " mean %.3f [%.3f, %.3f] ms over %,d (95 %%, %s)", user, g.estimate(), g.low(), g.high(), g.sampleSize(),
          g.method().words()));
    }
    if (w.loop() != null) {
      row(rows, "  loop", loopLine(w.loop(), user));
    }
    if (w.arrival() != null) {
      row(rows, "  arrivals", arrivalLine(w.arrival()));
    }
    if (w.mix() != null) {
      row(rows, "  mix", mixLine(w.mix()));
    }
    if (w.limits() != null) {
      for (Findings.WorkloadLimit limit : w.limits()) {
        row(rows, "  cannot judge", switch (limit) {
          case NO_SESSIONS -> "sessions, their lengths and arrivals: a capture has no session ids, so a user here is"
              + " a connection (a user with several connections, or connections shared by users, are not one)";
          case NO_INTENDED_INSTANTS -> "how late the sends were against the generator's intended instants (unknown"
              + " outside crosscheck's engines): only whether each waited for the previous reply";
          case NOTHING_DECLARED -> "whether the think times, arrivals and mix are the ones intended: nothing declared"
              + " them (--expect-think, --expect-arrival, --tpcw, or the run's own workload)";
        });
      }
    }
    if (w.thinkTable() != null) {
      Findings.ThinkTableJudgement table = w.thinkTable();
      row(rows, "  think table", String.format(Locale.ROOT, "the think before each page against %s (%s), per phase,"
          + " over every phase's matched pairs complete on the wire (capture clock; a pair's phase is its first"
          + " request's);"
          + " as declared: within %.0f ms before and max(%.0f ms, %.0f %%) after", table.description(),
          table.declaredBy(), table.earlyToleranceMillis(), table.lateToleranceMillis(),
          100 * table.lateToleranceShare()));
      for (Findings.PhaseThinks p : table.phases()) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "x%d: %,d pairs, %,d as declared", p.factor(),
            p.pairs(), p.asDeclared()));
        if (p.lateMillis() != null) {
          b.append(String.format(Locale.ROOT, " (wire later by %.3f [%.3f, %.3f] ms)", p.lateMillis().estimate(),
              p.lateMillis().low(), p.lateMillis().high()));
        }
        b.append(String.format(Locale.ROOT, ", %,d another state's (its URL names another), %,d about 0 (Back,"
            + " after an error), %,d none of these", p.otherState(), p.zero(), p.otherwise()));
        if (p.example() != null) {
          b.append(" (e.g. ").append(p.example()).append(')');
        }
        b.append(": ").append(p.verdict() == Findings.WorkloadVerdict.NOT_JUDGED
            ? "not judged (" + Fit.MIN_KS_SAMPLE + " pairs needed)"
            : words(p.verdict()));
        row(rows, "    " + phaseWords(p.phase()), b.toString());
      }
    }
    return rows;
  }

  private static String phaseWords(String phase) {
    return switch (phase) {
      case "RAMP_UP" -> "up-ramp";
      case "MEASURE" -> "run";
      case "RAMP_DOWN" -> "down-ramp";
      default -> phase;
    };
  }

  private static void row(List<List<String>> rows, String label, String text) {
    rows.add(List.of(label, text));
  }

  private static String words(Findings.WorkloadVerdict v) {
    return v.name().toLowerCase(Locale.ROOT).replace('_', ' ');
  }

  private static String loopLine(Findings.LoopJudgement l, String user) {
    StringBuilder s = new StringBuilder();
    ConfidenceInterval slope = l.slope();
    if (slope == null) {
      s.append(String.format(Locale.ROOT, "%,d consecutive pairs, %,d of them sent after the reply, %d needed: open"
          + " or closed not judged", l.pairs(), l.sentAfterCompletion(), Fit.MIN_KS_SAMPLE));
    } else {
      s.append(String.format(Locale.ROOT, "each ms of a reply's wire time moved the %s's next send by %s ms"
          + " (least squares within each next request's path, over the %,d pairs sent after the reply; response"
          + " times' sd %.3f ms)", user, Double.isNaN(slope.low())
          ? String.format(Locale.ROOT, "%.3f", slope.estimate())
          : String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", slope.estimate(), slope.low(), slope.high()),
          slope.sampleSize(), l.responseSdMillis()));
      s.append(switch (l.verdict()) {
        case CLOSED -> ": closed, each next send waited for the previous reply";
        case OPEN -> ": open, the sends did not wait for the replies";
        case NOT_JUDGED -> ": not judged (the interval reaches across 0.5: too few pairs for how little the"
            + " response times vary)";
      });
    }
    if (l.declaredModel() != null) {
      s.append("; declared ").append(l.declaredModel());
    }
    if (l.coordinatedOmission()) {
      s.append(": COORDINATED OMISSION, a generator declared open waited for its replies: a slow server gets fewer"
          + " requests than declared and its slow replies are under-sampled");
    }
    if (l.lagFromIntendedMillis() != null) {
      ConfidenceInterval lag = l.lagFromIntendedMillis();
      s.append(String.format(Locale.ROOT, "; send start after the intended start %.3f [%.3f, %.3f] ms (generator"
          + " clock, %,d requests)", lag.estimate(), lag.low(), lag.high(), lag.sampleSize()));
    }
    return s.toString();
  }

  private static String arrivalLine(Findings.ArrivalJudgement a) {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%,d %s arriving over %.3f s", a.arrivals(),
        a.unit(), a.windowSeconds()));
    if (a.ratePerSecond() != null) {
      ConfidenceInterval r = a.ratePerSecond();
      s.append(String.format(Locale.ROOT, ", %.2f [%.2f, %.2f]/s (%.2f %%, %s)", r.estimate(), r.low(), r.high(),
          100 * r.confidence(), r.method().words()));
    }
    s.append(String.format(Locale.ROOT, "; declared %s %.2f/s (%s)", a.declaredProcess(), a.declaredRatePerSecond(),
        a.declaredBy()));
    Fit i = a.instantsFit();
    if (i != null && i.verdict() != Fit.Verdict.NOT_JUDGED) {
      s.append(String.format(Locale.ROOT, "; instants against uniform ones: D %.4f, p %.3g", i.statistic(),
          i.pValue()));
    }
    Fit d = a.dispersionFit();
    if (d != null && d.verdict() != Fit.Verdict.NOT_JUDGED) {
      s.append(String.format(Locale.ROOT, "; counts in %d bins of %.1f ms against Poisson ones: dispersion %.2f,"
          + " p %.3g", d.sampleSize(), a.binMillis(), d.statistic() / d.degreesOfFreedom(), d.pValue()));
    }
    s.append(": ").append(a.verdict() == Findings.WorkloadVerdict.NOT_JUDGED
        ? "not judged (" + Fit.MIN_KS_SAMPLE + " gaps needed)" : words(a.verdict()) + (i == null ? ""
        : String.format(Locale.ROOT, " (each test at %.2f %%: 1 %% for the check)", 100 * i.alpha())));
    if (a.plannedInstantsFit() != null) {
      Fit pi = a.plannedInstantsFit();
      Fit pd = a.plannedDispersionFit();
      s.append(String.format(Locale.ROOT, "; as the generator planned them (intended starts): instants p %.3g%s",
          pi.pValue(), pd == null || pd.verdict() == Fit.Verdict.NOT_JUDGED ? ""
          : String.format(Locale.ROOT, ", dispersion %.2f, p %.3g", pd.statistic() / pd.degreesOfFreedom(),
              pd.pValue())));
    }
    return s.toString();
  }

  private static String mixLine(Findings.MixJudgement m) {
    StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%,d pages (%,d other requests) against %s (%s)",
        m.pages(), m.notPages(), m.description(), m.declaredBy()));
    Fit f = m.fit();
    if (f.verdict() == Fit.Verdict.NOT_JUDGED) {
      s.append(": not judged (too few pages)");
    } else {
      s.append(String.format(Locale.ROOT, ": chi-square %.1f, %d df, p %.3g over %,d pages (each user's 1st,"
          + " 5th, 9th...: neighbours in a table are no independent draws)", f.statistic(), f.degreesOfFreedom(),
          f.pValue(), f.sampleSize()));
      s.append(": ").append(words(m.verdict()));
      if (m.verdict() == Findings.WorkloadVerdict.REJECTED) {
        s.append(" (").append(mostOff(m)).append(')');
      }
    }
    return s.toString();
  }

  /** The state whose observed share is furthest from its declared one: "HOME 14.9 % against 29.0 %". */
  private static String mostOff(Findings.MixJudgement m) {
    String worst = null;
    double gap = -1;
    for (var e : m.shares().entrySet()) {
      double observed = m.pages() == 0 ? 0 : m.counts().getOrDefault(e.getKey(), 0L) / (double) m.pages();
      if (Math.abs(observed - e.getValue()) > gap) {
        gap = Math.abs(observed - e.getValue());
        worst = String.format(Locale.ROOT, "%s %.1f %% against %.1f %% declared", e.getKey(), 100 * observed,
            100 * e.getValue());
      }
    }
    return worst;
  }

  private static String declaredThink(WorkloadSection.ThinkSection d) {
    return switch (d.type()) {
      case "exponential" -> String.format(Locale.ROOT, "exponential, mean %.3f ms", d.meanNanos() / 1e6);
      case "uniform" -> String.format(Locale.ROOT, "uniform %.3f-%.3f ms", d.minNanos() / 1e6, d.maxNanos() / 1e6);
      case "fixed" -> String.format(Locale.ROOT, "fixed %.3f ms", d.nanos() / 1e6);
      default -> d.type();
    };
  }

  /** "lag-1 r +0.012 (independent: |r + 1/n| <= 0.027)", or "... (correlated: ...)" beyond the bound. */
  private static String lag1(String label, Lag1 l) {
    return String.format(Locale.ROOT, "%s r %+.3f (%s: |r + 1/n| %s %.3f)", label, l.r(),
        l.independent() ? "independent" : "correlated", l.independent() ? "<=" : ">", l.bound());
  }

  /** "12.3 [11.9, 12.8] us", a bound the sample cannot support as "-". */
  private static String bracketed(ConfidenceInterval i) {
    return micros(i.estimate()) + " [" + micros(i.low()) + ", " + micros(i.high()) + "] us";
  }

  /** One labelled line: the label and a colon in 14 columns, then the text (shared by the report's tables). */
  static void line(StringBuilder out, String label, String text) {
    out.append(String.format(Locale.ROOT, "%-14s %s%n", label + ":", text));
  }

  /** A row whose cells named in {@code notJudged} ({@code path.meanMicros}...) read "n/j". */
  private static void row(StringBuilder out, String label, Stats s, Set<String> notJudged, String path) {
    String[] names = {"meanMicros", "p50Micros", "p90Micros", "p99Micros", "maxMicros"};
    double[] values = {s.meanMicros(), s.p50Micros(), s.p90Micros(), s.p99Micros(), s.maxMicros()};
    Object[] cells = new Object[names.length + 1];
    cells[0] = label;
    for (int i = 0; i < names.length; i++) {
      cells[i + 1] = notJudged.contains(path + "." + names[i]) ? "n/j" : micros(values[i]);
    }
    out.append(String.format(Locale.ROOT, "%-28s %10s %10s %10s %10s %10s%n", cells));
  }

  private static void row(StringBuilder out, String label, Stats s) {
    out.append(String.format(Locale.ROOT, "%-28s %10s %10s %10s %10s %10s%n", label, micros(s.meanMicros()),
        micros(s.p50Micros()), micros(s.p90Micros()), micros(s.p99Micros()), micros(s.maxMicros())));
  }

  /** A figure in microseconds to one decimal; "-" where it rests on nothing (NaN is never printed). */
  static String micros(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String signedMicros(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%+.1f", v);
  }
}
