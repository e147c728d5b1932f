package io.crosscheck.audit;

import io.crosscheck.compare.CaptureAlignment;
import io.crosscheck.compare.ClockMap;
import io.crosscheck.compare.ErrorSourceCheck;
import io.crosscheck.compare.FindingsBuilder;
import io.crosscheck.compare.GeneratorSide;
import io.crosscheck.compare.MatchResult;
import io.crosscheck.compare.Matcher;
import io.crosscheck.compare.PopulationCheck;
import io.crosscheck.compare.Reconstruction;
import io.crosscheck.compare.ReportedIntervalAnalysis;
import io.crosscheck.compare.WorkloadCheck;
import io.crosscheck.compare.ServerHostCheck;
import io.crosscheck.compare.ServerTelemetry;
import io.crosscheck.compare.SupportCheck;
import io.crosscheck.compare.WanCheck;
import io.crosscheck.record.AgentJson;
import io.crosscheck.record.IntervalCsv;
import io.crosscheck.record.IntervalRecord;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.report.FindingsSentences;
import io.crosscheck.report.FindingsTable;
import io.crosscheck.report.ReportedIntervalTable;
import io.crosscheck.report.html.HtmlReport;
import io.crosscheck.report.html.ReportData;
import io.crosscheck.rundir.CaptureClock;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.ExpectedJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.rundir.Support;
import io.crosscheck.spi.IdReferences;
import io.crosscheck.telemetry.TelemetryCsv;
import io.crosscheck.telemetry.TelemetrySample;
import io.crosscheck.wire.WireCsv;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The orchestration of a comparison (for {@code compare} and {@code audit}): read the run through
 * the run-directory reader, then the three stages — reconstruct (capture → exchanges, CSVs), match
 * (records × exchanges), findings (matches × telemetry) — then commit every output at once. Prints
 * the findings table, coverage first. A run recorded by the crosscheck agent (requests.csv with the
 * agent's columns, intervals.csv, agent.json) also gets its reported intervals set against the wire
 * (findings.json's {@code reportedIntervals}, {@code reported-intervals.csv}, and a second table).
 */
public final class CompareJob {
  /** Interval length of the findings' time series. */
  public static final long INTERVAL_NANOS = 1_000_000_000L;

  /**
   * Exit code: the findings do not support a verdict on the run (below the matching floor, no
   * exchange completed on both sides, failures dominate, the run did not complete: {@link SupportCheck}).
   */
  public static final int EXIT_INSUFFICIENT_EVIDENCE = 3;

  private static final List<String> OUTPUTS = List.of(WireCsv.EXCHANGES_FILE, WireCsv.RESPONSE_FILE,
      WireCsv.CONNECTION_FILE, RunFiles.FINDINGS_JSON);

  private CompareJob() {}

  /**
   * What a comparison gave.
   *
   * @param exitCode 0 the findings are supported, {@link #EXIT_INSUFFICIENT_EVIDENCE} not ({@link
   *     SupportCheck}: below the floor, no exchange completed, failures dominate, the run incomplete)
   * @param file what was written to findings.json
   * @param findingsJson where
   */
  public record Result(int exitCode, FindingsFile file, Path findingsJson) {
    public Findings findings() {
      return file.findings();
    }
  }

  /**
   * Compares the run in {@code runDir} with {@code pcap}; a run without records gets the wire-only
   * analysis.
   *
   * @param live the live capture's counters (capture.json), or null for a capture made elsewhere
   * @throws IOException when an input is missing or malformed (the message names the file), or the
   *     comparison was interrupted (nothing was written then)
   */
  public static Result compare(Path runDir, Path pcap, CaptureJson live, double minMatchedPercent, PrintStream out)
      throws IOException {
    return compare(runDir, pcap, live, minMatchedPercent, null, 0, CaptureAlignment.Mode.LOCAL,
        "the run's own capture", out);
  }

  /**
   * As {@link #compare(Path, Path, CaptureJson, double, PrintStream)}, joining the server host's
   * telemetry: {@code serverTelemetry} (another host's {@code crosscheck monitor} CSV, its wall clock
   * assumed within {@code clockUncertaintyNanos} of this one), or when null the run directory's own
   * (recorded by {@code audit --server-pid}/{@code --server-netns}), if any; and the capture's clock
   * read as {@code clockMode} says ({@link CaptureAlignment}): a capture taken elsewhere is aligned to
   * the generator's clock from the exchanges, and the alignment carried into the findings.
   *
   * @param chosenBy why {@code clockMode} (the option, or what {@code auto} decided from the file)
   * @throws MalformedInputException when the given telemetry file is missing, malformed, or holds no
   *     row that could fall in the run (the message names the file and line, or both time spans)
   * @throws CaptureAlignment.RefusedException when the capture's clock cannot be aligned (nothing written)
   */
  public static Result compare(Path runDir, Path pcap, CaptureJson live, double minMatchedPercent,
      Path serverTelemetry, long clockUncertaintyNanos, CaptureAlignment.Mode clockMode, String chosenBy,
      PrintStream out) throws IOException {
    RunJson run = RunFiles.readRun(runDir);
    // >>> server telemetry (issue 25): read and checked before anything is analysed or written
    ServerTelemetry server;
    if (serverTelemetry != null) {
      server = ServerTelemetry.read(serverTelemetry, "compare --server-telemetry " + serverTelemetry, false,
          clockUncertaintyNanos);
      if (run.startEpochNanos() != null && run.endEpochNanos() != null) {
        server.requireOverlap(run.startEpochNanos(), run.endEpochNanos(), "the run " + runDir);
      }
    } else {
      server = ServerTelemetry.inRunDirectory(runDir);
    }
    // <<< server telemetry
    RunFiles.Status status = RunFiles.status(run);
    Path requestsCsv = runDir.resolve(RunFiles.REQUESTS_CSV);
    RequestCsv.ReadResult read = Files.exists(requestsCsv) ? RequestCsv.readAll(requestsCsv)
        : new RequestCsv.ReadResult(List.of(), Optional.empty());
    if (!Files.exists(requestsCsv) && !RunJson.WIRE_ONLY.equals(run.status())) {
      out.println("crosscheck: " + requestsCsv + ": missing (run.json says the run was " + run.status()
          + "); without the run's records the analysis is the wire's alone: restore the file to compare the records");
    }
    List<RequestRecord> records = read.records();
    FindingsFile.TornLine torn = read.tornLastLine()
        .map(t -> new FindingsFile.TornLine(t.line(), t.bytes(), t.reason())).orElse(null);
    GeneratorSide gen = null;
    if (!records.isEmpty()) {
      ClockMap clock = clock(runDir, run);
      long startEpochNanos = run.engineResult() != null ? clock.toEpochNanos(run.engineResult().startNanos())
          : run.startEpochNanos() != null ? run.startEpochNanos() : Long.MIN_VALUE;
      Path telemetryCsv = runDir.resolve(RunFiles.TELEMETRY_CSV);
      List<TelemetrySample> telemetry = Files.exists(telemetryCsv) ? TelemetryCsv.read(telemetryCsv) : List.of();
      // the run's end on the generator's clock: the engine's, or run.json's end mapped back (agents)
      long runEndNanos = run.engineResult() != null ? run.engineResult().endNanos()
          : run.endEpochNanos() != null ? run.endEpochNanos() - clock.offsetAt(Long.MAX_VALUE) : -1;
      gen = new GeneratorSide(records, clock, startEpochNanos, run.reportedResolutionNanos(), telemetry,
          run.telemetry(), coresFallback(run, read), coresSource(run, read), busyPollingCores(run), runEndNanos,
          // an agent attached to a running generator records only part of its traffic
          run.target() == null || !"attach".equals(run.target().mode()));
    }
    FindingsFile.RunEvidence evidence = new FindingsFile.RunEvidence(status.status(), status.note(), records.size(),
        torn, pcap.toString());
    AgentSide agent = gen == null ? null : AgentSide.read(runDir, read, out);
    return analyse(runDir, pcap, run.targetPort(), gen, agent, evidence, live, minMatchedPercent, out,
        run, server, clockMode, chosenBy);
  }

  /** Cores the run's event loops spun on by design (run.json's engine section); 0 without busy polling. */
  public static int busyPollingCores(RunJson run) {
    RunJson.EngineSection e = run.engine();
    if (e == null || !Boolean.TRUE.equals(e.busyPoll())) {
      return 0;
    }
    return e.eventLoops() > 0 ? e.eventLoops() : run.jvm() != null ? run.jvm().availableProcessors() : 0;
  }

  /**
   * The emulated generator's behaviour as its script counted it during the run (run.json's {@code
   * scriptOutcomes}, one statement per line), or null when the run's script recorded none.
   */
  public static Findings.GeneratorBehaviour behaviour(String scriptOutcomes) {
    if (scriptOutcomes == null || scriptOutcomes.isBlank()) {
      return null;
    }
    List<String> lines = scriptOutcomes.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    return new Findings.GeneratorBehaviour("the emulated generator as its script counted it during the run, every"
        + " reply seen (run.json scriptOutcomes)", lines);
  }

  /**
   * The cores available to the generator when its telemetry does not record them (format 1): the
   * harness JVM's own count when it ran the generator in process, else the host's.
   */
  private static int coresFallback(RunJson run, RequestCsv.ReadResult read) {
    if (inProcess(run, read) && run.jvm() != null) {
      return run.jvm().availableProcessors();
    }
    return run.host() != null ? run.host().cores() : 0;
  }

  private static Findings.CoresSource coresSource(RunJson run, RequestCsv.ReadResult read) {
    if (inProcess(run, read) && run.jvm() != null) {
      return Findings.CoresSource.RUN_JSON_JVM;
    }
    return run.host() != null ? Findings.CoresSource.RUN_JSON_HOST : Findings.CoresSource.UNKNOWN;
  }

  private static boolean inProcess(RunJson run, RequestCsv.ReadResult read) {
    // the agent's rows carry its thread names; an engine's page intervals (TPC-W) carry "user-N"
    return run.generatorJvm() == null && (read.agentColumns().isEmpty()
        || read.agentColumns().get().stream().allMatch(a -> a.thread().startsWith("user-")));
  }

  /**
   * What the crosscheck agent adds to a run: its columns of requests.csv, intervals.csv, and the
   * reporting spec of agent.json.
   */
  private record AgentSide(List<RequestCsv.AgentColumns> columns, List<IntervalRecord> intervals, String reporting,
      long reportedResolutionNanos) {
    /** The agent's side of the run in {@code runDir}, or null when the agent did not record it. */
    static AgentSide read(Path runDir, RequestCsv.ReadResult read, PrintStream out) throws IOException {
      if (read.agentColumns().isEmpty()) {
        return null;
      }
      Path csv = runDir.resolve(IntervalCsv.FILE);
      List<IntervalRecord> intervals = List.of();
      if (Files.exists(csv)) {
        IntervalCsv.ReadResult r = IntervalCsv.read(csv);
        intervals = r.intervals();
        r.tornLastLine().ifPresent(t -> out.println("crosscheck: " + IntervalCsv.FILE + ":" + t.line()
            + " was cut short (" + t.reason() + "): skipped"));
      }
      Path json = runDir.resolve(AgentJson.FILE);
      String reporting = Files.exists(json) ? nonNull(AgentJson.read(json).reporting()) : "";
      if (reporting.isEmpty() && !intervals.isEmpty()) {
        reporting = intervals.get(0).source();
      }
      String unit = intervals.isEmpty() ? "" : intervals.get(0).reportedUnit();
      long resolution = switch (unit) {
        case "s" -> 1_000_000_000L;
        case "ms" -> 1_000_000L;
        case "us" -> 1_000L;
        default -> 0L; // timed by the agent in nanoseconds (reportedBy), or reported in ns
      };
      return new AgentSide(read.agentColumns().get(), intervals, reporting, resolution);
    }

    private static String nonNull(String s) {
      return s == null ? "" : s;
    }
  }

  /**
   * Analyses a capture on its own (no run directory): creates {@code outBase/<stamp>-compare/} with
   * a wire-only run.json and every output.
   */
  public static Result wireOnly(Path pcap, Path outBase, int serverPort, double minMatchedPercent, List<String> command,
      PrintStream out) throws IOException {
    return wireOnly(pcap, outBase, serverPort, minMatchedPercent, command, null, out);
  }

  /** As {@link #wireOnly(Path, Path, int, double, List, PrintStream)}, judged against {@code expected} (null: none). */
  public static Result wireOnly(Path pcap, Path outBase, int serverPort, double minMatchedPercent, List<String> command,
      ExpectedJson expected, PrintStream out) throws IOException {
    if (!Files.isRegularFile(pcap)) {
      throw new IOException(pcap + ": no such capture file");
    }
    RunDirectory dir = RunDirectory.create(outBase, "compare");
    dir.writeWireOnly(command);
    if (expected != null) {
      RunFiles.writeExpected(dir.path(), expected);
    }
    out.println("crosscheck: run directory " + dir.path() + " (wire-only analysis of " + pcap + ")");
    FindingsFile.RunEvidence evidence = new FindingsFile.RunEvidence(RunJson.WIRE_ONLY, "", 0, null, pcap.toString());
    return analyse(dir.path(), pcap, serverPort, null, null, evidence, null, minMatchedPercent, out, null, null,
        CaptureAlignment.Mode.LOCAL, "");
  }

  private static Result analyse(Path dir, Path pcap, int serverPort, GeneratorSide gen, AgentSide agent,
      FindingsFile.RunEvidence evidence, CaptureJson live, double minMatchedPercent, PrintStream out,
      RunJson run, ServerTelemetry server, CaptureAlignment.Mode clockMode, String chosenBy) throws IOException {
    // what run.json holds beside the records: none for a wire-only analysis
    Findings.GeneratorBehaviour behaviour = run == null ? null : behaviour(run.scriptOutcomes());
    RunJson.EngineSection engine = run == null ? null : run.engine();
    RunJson.StallSection stall = run == null ? null : run.stall();
    RunJson.WanSection wan = run == null ? null : run.wan();
    out.printf(Locale.ROOT, "crosscheck: comparing %,d records with %s (%,d bytes)...%n",
        gen == null ? 0 : gen.records().size(), pcap, Files.size(pcap));
    List<String> outputs = OUTPUTS;
    if (agent != null) { // the per-interval file goes before findings.json, which vouches for it
      List<String> withIntervals = new ArrayList<>(OUTPUTS);
      withIntervals.add(OUTPUTS.size() - 1, ReportedIntervalAnalysis.CSV_FILE);
      outputs = withIntervals;
    }
    try (OutputCommit commit = new OutputCommit(dir, outputs)) {
      Reconstruction wire;
      try (WireCsv csv = commit.creating(() -> new WireCsv(dir, OutputCommit.SUFFIX))) {
        wire = Reconstruction.of(pcap, serverPort, csv);
      }
      CaptureClock captureClock = null;
      if (gen != null && clockMode != CaptureAlignment.Mode.LOCAL) {
        CaptureAlignment.Result aligned = CaptureAlignment.align(gen.records(), wire.exchanges(), gen.clock(),
            clockMode, chosenBy);
        captureClock = aligned.finding();
        out.println("crosscheck: " + FindingsSentences.captureClock(captureClock));
        if (captureClock.foreign()) {
          out.println("crosscheck: drift: " + FindingsSentences.captureClockDrift(captureClock));
          gen = gen.withClock(aligned.clock(), aligned.offsetAtStartNanos());
        }
      }
      MatchResult match = gen == null ? MatchResult.wireOnly(wire.exchanges())
          : Matcher.match(gen.records(), wire.exchanges(), gen.clock(), gen.reportedResolutionNanos());
      Findings findings = FindingsBuilder.build(gen, wire, match, minMatchedPercent, INTERVAL_NANOS);
      if (agent != null) {
        ReportedIntervalAnalysis.Result reported = ReportedIntervalAnalysis.analyse(gen.records(), agent.columns(),
            agent.intervals(), match, agent.reporting(), agent.reportedResolutionNanos());
        commit.creating(() -> {
          reported.writeCsv(commit.tmp(ReportedIntervalAnalysis.CSV_FILE));
          return null;
        });
        findings = findings.toBuilder().reportedIntervals(reported.judged(findings.coverage())).build();
      }
      if (behaviour != null) {
        findings = findings.toBuilder().generatorBehaviour(behaviour).build();
      }
      if (gen != null) {
        findings = findings.toBuilder().errorSource(ErrorSourceCheck.judge(findings, engine)).build();
      }
      findings = findings.toBuilder().populations(PopulationCheck.judge(gen == null ? null : gen.records(), wire,
          IdReferences.find().orElse(null))).build();
      if (stall != null) {
        findings = findings.toBuilder().stall(stall).build();
      }
      // what it sent against what it declared (issue 27): run.json's workload, expected.json's declarations
      ExpectedJson expected = RunFiles.readExpected(dir).orElse(null);
      if (gen != null && findings.coverage().sufficient()) {
        WorkloadCheck.Declared declared = WorkloadCheck.Declared.of(run.workload(), expected);
        // a user is a thread under the agent (its records' session ids are thread ids), else a session
        boolean underAgent = engine != null && "agent".equals(engine.name());
        findings = findings.toBuilder().workload(WorkloadCheck.judge(match.matched(), wire.exchanges(), declared,
            underAgent ? Findings.UserKind.THREAD : Findings.UserKind.SESSION)).build();
      } else if (gen == null) { // a capture alone: users are connections
        findings = findings.toBuilder().workload(WorkloadCheck.judgeWire(wire.exchanges(),
            WorkloadCheck.Declared.of(null, expected))).build();
      }
      // the server host beside the client host (issue 25): which one was the bottleneck, server CPU per interval
      findings = ServerHostCheck.judge(findings, gen, wire, server, INTERVAL_NANOS);
      if (wan != null) {
        findings = findings.toBuilder().wan(WanCheck.judge(wan, wire.exchanges())).build();
      }
      Support support = SupportCheck.judge(evidence.status(), findings, gen == null ? List.of() : gen.records(),
          wire.wire() != null && wire.wire().outOfOrder());
      captureClock = CaptureAlignment.judge(captureClock, findings);
      FindingsFile file = new FindingsFile(RunFiles.FINDINGS_FORMAT_VERSION, evidence, wire.capture(), live, wire.wire(),
          findings, support, captureClock);
      commit.creating(() -> {
        RunFiles.writeFindings(commit.tmp(RunFiles.FINDINGS_JSON), file);
        return null;
      });
      commit.commit();
      Path findingsJson = dir.resolve(RunFiles.FINDINGS_JSON);
      out.println();
      out.print(FindingsTable.format(file));
      if (findings.reportedIntervals() != null) {
        out.print(ReportedIntervalTable.format(findings));
      }
      wire.capture().warnings().forEach(w -> out.println("capture:       " + w));
      out.println("crosscheck: findings in " + findingsJson);
      writeReport(dir, out);
      int exit = support.supported() ? 0 : EXIT_INSUFFICIENT_EVIDENCE;
      if (exit != 0) {
        out.println("crosscheck: the findings do not support a verdict on this run ("
            + FindingsTable.unsupported(file) + "): exit " + exit);
      }
      return new Result(exit, file, findingsJson);
    }
  }

  /**
   * Writes {@code dir/report.html} from the findings just committed; a failure costs the report only
   * (one line; the findings and the exit code stand).
   */
  private static void writeReport(Path dir, PrintStream out) {
    Path html = dir.resolve(ReportData.REPORT_HTML);
    try {
      HtmlReport.writeRuns(List.of(dir), html);
      out.println("crosscheck: report in " + html);
    } catch (IOException | RuntimeException e) {
      out.println("crosscheck: " + html + ": not written (" + e.getMessage() + "); the findings stand: rebuild it"
          + " with 'crosscheck report " + dir + "'");
    }
  }

  /** The calibrations of clock.csv, or else the start and end offsets of run.json. */
  private static ClockMap clock(Path runDir, RunJson run) throws IOException {
    return ClockMap.ofRun(runDir, run);
  }
}
