package io.crosscheck.report.html;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.report.FindingsSentences;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.MatrixCell;
import io.crosscheck.rundir.MatrixJson;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.rundir.WireFiles;
import io.crosscheck.rundir.WorkloadSection;
import io.crosscheck.telemetry.TelemetrySummary;
import io.crosscheck.text.Printable;
import io.crosscheck.wire.WireCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one JSON document a {@code report.html} carries (Hyperfoil's report pattern: data injected
 * into a template, drawn by the page's script). Built from run directories through the project's
 * typed readers ({@link RunFiles}) or from a matrix directory's {@code matrix.json}; pure data, no
 * markup. Keys are in a fixed order and numbers are written by Jackson (never through the default
 * locale), so the same inputs give the same bytes on every machine ({@code ReportDataGoldenTest}).
 *
 * <p>Format ({@code schema} {@value #SCHEMA}): {@code kind} {@code runs} with {@code runs}: one
 * object per run directory — {@code label} (the directory's name), {@code run} (what run.json says:
 * status, engine, seed, start, command, workload, JVMs, telemetry summary), {@code evidence}
 * (findings.json's {@code run}), {@code findings} (findings.json's {@code findings}, as {@link
 * RunFiles#readFindings} reads it: a member this code does not know is not carried), {@code
 * connectionsOverTime} ({@code statement},
 * {@code seconds} from the run's start, {@code open} connections; from connection.csv; null with
 * {@code connectionsOverTimeMissing} saying why); or {@code kind} {@code matrix} with {@code matrix}
 * (matrix.json as {@link MatrixJson} reads it) and {@code cellReports} (cell id → the cell's report.html
 * relative to the matrix directory, or null). The runs' document is typed ({@link RunsDocument}) and
 * written once by Jackson. Immutable once built; not thread-safe while building.
 */
public final class ReportData {
  /** The document's format. */
  public static final String SCHEMA = "crosscheck-report/1";
  /** The matrix file this page reads ({@link MatrixJson}). */
  public static final String MATRIX_JSON = MatrixJson.FILE;
  /** The report's file name in a run or matrix directory. */
  public static final String REPORT_HTML = "report.html";
  /** At most this many points of the connections-over-time series (the busiest point of each bucket kept). */
  static final int MAX_CONNECTION_POINTS = 2_000;


  private ReportData() {}

  /**
   * The document of one or several run directories (side by side, in the order given).
   *
   * @throws IOException naming the file: a missing run.json or findings.json (the run was not
   *     compared), a malformed one, or a malformed connection.csv
   */
  public static RunsDocument ofRuns(List<Path> runDirs) throws IOException {
    if (runDirs.isEmpty()) {
      throw new IOException("no run directory given: expected at least one RUN_DIR");
    }
    List<RunEntry> runs = new ArrayList<>();
    for (Path dir : runDirs) {
      runs.add(run(dir));
    }
    return new RunsDocument(SCHEMA, "runs", List.copyOf(runs));
  }

  /**
   * The document of one or several runs ({@code kind} {@code runs}).
   *
   * @param schema {@value #SCHEMA}
   * @param kind {@code runs}
   * @param runs one entry per run directory, in the order given
   */
  public record RunsDocument(String schema, String kind, List<RunEntry> runs) {}

  /**
   * One run directory's part of the document.
   *
   * @param label the directory's name
   * @param run what run.json says
   * @param evidence findings.json's {@code run}: how the comparison read the run; null in a file without it
   * @param findings findings.json's {@code findings}, as the typed reader reads it
   * @param sentences the verdicts' sentences, rendered from the findings' enums and figures
   * @param connectionsOverTime open connections over time from connection.csv; null without the file
   * @param connectionsOverTimeMissing why {@code connectionsOverTime} is null; absent when it is not
   */
  public record RunEntry(String label, RunSummary run, FindingsFile.RunEvidence evidence, Findings findings,
      Sentences sentences, ConnectionsOverTime connectionsOverTime,
      @JsonInclude(JsonInclude.Include.NON_NULL) String connectionsOverTimeMissing) {}

  /**
   * The sentences the report shows for verdicts findings.json holds as enums and figures; null where
   * the findings support none.
   */
  public record Sentences(String connectionsVerdict, String connectionsEvidence, String bottleneck, String pace,
      String serverHost, String serverHostEvidence, String coverage, String urls, String clientHost,
      String clientHostEvidence, String reportedIntervals, String clockMapping,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<List<String>> workload) {}

  /**
   * What the report shows of run.json: status, version, start and end, seed, command, engine,
   * workload, the JVM that ran the load, target, host cores and the telemetry summary.
   */
  public record RunSummary(String status, String crosscheckVersion, String startTimeUtc, String endTimeUtc,
      Long seed, List<String> command, RunJson.EngineSection engine, WorkloadSection workload, JvmSummary jvm,
      RunJson.TargetSection target, int hostCores, TelemetrySummary telemetry) {}

  /**
   * The JVM that ran the load: the generator's child JVM ({@code --jvm}) when there was one, else
   * crosscheck's own; every member absent when run.json names neither.
   *
   * @param of which JVM, in words
   * @param version its {@code java.version}
   * @param vmName its VM's name
   * @param vendor its vendor
   * @param options its JVM options
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record JvmSummary(String of, String version, String vmName, String vendor, List<String> options) {}

  /**
   * Open connections over time.
   *
   * @param statement what the series rests on, in words
   * @param seconds seconds from the run's start (or the first connection), rounded to the µs
   * @param open connections open at that instant
   */
  public record ConnectionsOverTime(String statement, List<Double> seconds, List<Integer> open) {}

  /** The document of a matrix directory (its matrix.json and which cells have a report). */
  public static MatrixDocument ofMatrix(Path matrixDir) throws IOException {
    MatrixJson matrix = MatrixJson.read(matrixDir.resolve(MATRIX_JSON));
    Map<String, String> reports = new LinkedHashMap<>();
    Map<String, String> sharing = new LinkedHashMap<>();
    for (MatrixCell cell : matrix.cells()) {
      String runDir = cell.runDir();
      boolean reported = runDir != null && Files.isRegularFile(matrixDir.resolve(runDir).resolve(REPORT_HTML));
      reports.put(cell.id(), reported ? runDir + "/" + REPORT_HTML : null);
      sharing.put(cell.id(),
          FindingsSentences.cellSharing(cell.sharingKind(), cell.connectionsWithRequests(), cell.sessions()));
    }
    return new MatrixDocument(SCHEMA, "matrix", matrix, Collections.unmodifiableMap(reports),
        Collections.unmodifiableMap(sharing));
  }

  /**
   * The document of a matrix directory ({@code kind} {@code matrix}).
   *
   * @param schema {@value #SCHEMA}
   * @param kind {@code matrix}
   * @param matrix matrix.json as {@link MatrixJson} reads it
   * @param cellReports cell id → the cell's report.html relative to the matrix directory, or null, in the cells' order
   * @param cellSharing cell id → its connection verdict in words ({@link FindingsSentences#cellSharing}), or null
   */
  @JsonInclude(JsonInclude.Include.ALWAYS)
  public record MatrixDocument(String schema, String kind, MatrixJson matrix,
      @JsonInclude(value = JsonInclude.Include.ALWAYS, content = JsonInclude.Include.ALWAYS)
      Map<String, String> cellReports,
      @JsonInclude(value = JsonInclude.Include.ALWAYS, content = JsonInclude.Include.ALWAYS)
      Map<String, String> cellSharing) {}

  /**
   * {@code doc} as text: pretty-printed with {@code \n} line ends, then every {@code <}, {@code >},
   * {@code &}, U+2028 and U+2029 written as a {@code \}{@code uXXXX} escape. These characters occur
   * in JSON text only inside strings, where the escape means the same character; so the text is the
   * same JSON and cannot close the script element it is put in, whatever a URL or an error held.
   */
  public static String toJson(Object doc) throws IOException {
    DefaultPrettyPrinter pretty = new DefaultPrettyPrinter()
        .withObjectIndenter(new DefaultIndenter("  ", "\n"))
        .withArrayIndenter(new DefaultIndenter("  ", "\n"));
    ObjectMapper mapper = JsonFiles.mapper();
    String json = mapper.writer(pretty).writeValueAsString(doc);
    StringBuilder out = new StringBuilder(json.length() + 64);
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      switch (c) {
        case '<', '>', '&', '\u2028', '\u2029' -> out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
        default -> out.append(c);
      }
    }
    return out.append('\n').toString();
  }

  private static RunEntry run(Path dir) throws IOException {
    RunJson run = RunFiles.readRun(dir);
    Path findingsFile = dir.resolve(RunFiles.FINDINGS_JSON);
    FindingsFile findings = RunFiles.readFindings(findingsFile);
    if (findings.findings() == null) {
      throw new MalformedInputException(Printable.escape(findingsFile + ": no \"findings\" object"));
    }
    Path name = dir.toAbsolutePath().normalize().getFileName();
    String label = name == null ? dir.toString() : name.toString();
    Path csv = dir.resolve(WireCsv.CONNECTION_FILE);
    boolean haveCsv = Files.isRegularFile(csv);
    Findings typed = findings.findings();
    // verdicts are enums and figures in findings.json: their sentences are rendered once, here
    Sentences sentences = new Sentences(FindingsSentences.connectionsVerdict(typed),
        FindingsSentences.connectionsEvidence(typed), FindingsSentences.bottleneck(typed),
        FindingsSentences.pace(typed), FindingsSentences.serverHost(typed),
        FindingsSentences.serverHostEvidence(typed), FindingsSentences.coverage(typed), FindingsSentences.urls(typed),
        FindingsSentences.clientHost(typed), FindingsSentences.clientHostEvidence(typed),
        FindingsSentences.reportedIntervals(typed), FindingsSentences.clockMapping(typed),
        typed.workload() == null ? null : io.crosscheck.report.FindingsTable.workloadRows(typed.workload()));
    return new RunEntry(label, runSection(run), findings.run(), typed, sentences,
        haveCsv ? connectionsOverTime(csv, runStartEpochNanos(run)) : null,
        haveCsv ? null : WireCsv.CONNECTION_FILE + " is not in the run directory");
  }

  private static RunSummary runSection(RunJson run) {
    JvmSummary jvm;
    if (run.generatorJvm() != null) {
      jvm = new JvmSummary("the generator's child JVM (--jvm)", run.generatorJvm().javaVersion(),
          run.generatorJvm().vmName(), run.generatorJvm().vendor(), run.generatorJvm().effectiveJvmOpts());
    } else if (run.jvm() != null) {
      jvm = new JvmSummary(run.target() != null ? "crosscheck's JVM (the audited generator ran in its own)"
          : "the JVM that ran the engine (crosscheck's)", run.jvm().version(), run.jvm().vmName(),
          run.jvm().vendor(), run.jvm().inputArguments());
    } else {
      jvm = new JvmSummary(null, null, null, null, null);
    }
    return new RunSummary(run.status(), run.crosscheckVersion(), run.startTimeUtc(), run.endTimeUtc(), run.seed(),
        run.command(), run.engine(), run.workload(), jvm, run.target(), run.host() == null ? 0 : run.host().cores(),
        run.telemetry());
  }

  /** The engine's start on the wall clock (as the comparison puts it), else run.json's start, else null. */
  private static Long runStartEpochNanos(RunJson run) {
    if (run.engineResult() != null && run.clockStart() != null) {
      return run.clockStart().offset().toEpochNanos(run.engineResult().startNanos());
    }
    return run.startEpochNanos();
  }

  /**
   * Open connections over time from connection.csv ({@link WireCsv#CONNECTION_HEADER}: one row per
   * open or close on the capture's clock), as seconds from the run's start; at most {@link
   * #MAX_CONNECTION_POINTS} points, each bucket's largest count kept (the peak is never lost).
   */
  static ConnectionsOverTime connectionsOverTime(Path csv, Long startEpochNanos) throws IOException {
    List<double[]> rows = new ArrayList<>();
    for (WireFiles.OpenCount c : WireFiles.readOpenCounts(csv)) {
      rows.add(new double[] {c.epochSeconds(), c.openConnections()});
    }
    if (rows.isEmpty()) {
      return new ConnectionsOverTime("connection.csv holds no connection: the capture saw none", List.of(), List.of());
    }
    double originSeconds = startEpochNanos != null ? startEpochNanos / 1e9 : rows.get(0)[0];
    String origin = startEpochNanos != null ? "the run's start" : "the first connection";
    double firstSeconds = rows.get(0)[0] - originSeconds;
    double lastSeconds = rows.get(rows.size() - 1)[0] - originSeconds;
    double bucketSeconds = Math.max((lastSeconds - firstSeconds) / MAX_CONNECTION_POINTS, 1e-9);
    List<Double> seconds = new ArrayList<>();
    List<Integer> open = new ArrayList<>();
    int peak = 0;
    long lastBucket = Long.MIN_VALUE;
    for (double[] row : rows) {
      double t = row[0] - originSeconds;
      int count = (int) row[1];
      peak = Math.max(peak, count);
      long bucket = rows.size() <= MAX_CONNECTION_POINTS ? seconds.size() : (long) ((t - firstSeconds) / bucketSeconds);
      if (bucket == lastBucket) {
        int last = open.size() - 1;
        if (count > open.get(last)) {
          open.set(last, count);
        }
        continue;
      }
      lastBucket = bucket;
      seconds.add(Math.round(t * 1e6) / 1e6);
      open.add(count);
    }
    return new ConnectionsOverTime(String.format(Locale.ROOT, "%d opens and closes in %s (the capture's clock),"
        + " seconds from %s; peak %d open at once%s", rows.size(), WireCsv.CONNECTION_FILE, origin, peak,
        rows.size() > MAX_CONNECTION_POINTS ? "; drawn as " + seconds.size() + " points, each the busiest of its"
            + " span" : ""), List.copyOf(seconds), List.copyOf(open));
  }
}
