package io.crosscheck.report.html;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.report.FindingsSentences;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.text.Printable;
import io.crosscheck.wire.WireCsv;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
 * (findings.json's {@code run}), {@code findings} (findings.json's {@code findings}, as written,
 * members this code does not know included), {@code connectionsOverTime} ({@code statement},
 * {@code seconds} from the run's start, {@code open} connections; from connection.csv; null with
 * {@code connectionsOverTimeMissing} saying why); or {@code kind} {@code matrix} with {@code matrix}
 * (matrix.json as written) and {@code cellReports} (cell id → the cell's report.html relative to the
 * matrix directory, or null). Immutable once built; not thread-safe while building.
 */
public final class ReportData {
  /** The document's format. */
  public static final String SCHEMA = "crosscheck-report/1";
  /** The matrix file this page reads (helper "matrix" writes it). */
  public static final String MATRIX_JSON = "matrix.json";
  /** The matrix format this code reads. */
  public static final String MATRIX_SCHEMA = "crosscheck-matrix/1";
  /** The report's file name in a run or matrix directory. */
  public static final String REPORT_HTML = "report.html";
  /** At most this many points of the connections-over-time series (the busiest point of each bucket kept). */
  static final int MAX_CONNECTION_POINTS = 2_000;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private ReportData() {}

  /**
   * The document of one or several run directories (side by side, in the order given).
   *
   * @throws IOException naming the file: a missing run.json or findings.json (the run was not
   *     compared), a malformed one, or a malformed connection.csv
   */
  public static ObjectNode ofRuns(List<Path> runDirs) throws IOException {
    if (runDirs.isEmpty()) {
      throw new IOException("no run directory given: expected at least one RUN_DIR");
    }
    ObjectNode doc = NODES.objectNode();
    doc.put("schema", SCHEMA);
    doc.put("kind", "runs");
    ArrayNode runs = doc.putArray("runs");
    for (Path dir : runDirs) {
      runs.add(run(dir));
    }
    return doc;
  }

  /** The document of a matrix directory (its matrix.json and which cells have a report). */
  public static ObjectNode ofMatrix(Path matrixDir) throws IOException {
    Path file = matrixDir.resolve(MATRIX_JSON);
    JsonNode matrix = JsonFiles.readObject(file, "missing: not a crosscheck matrix directory");
    if (!MATRIX_SCHEMA.equals(matrix.path("schema").asText())) {
      throw new MalformedInputException(Printable.escape(file + ": schema " + matrix.path("schema")
          + ": expected \"" + MATRIX_SCHEMA + "\""));
    }
    if (!matrix.path("cells").isArray()) {
      throw new MalformedInputException(Printable.escape(file + ": no \"cells\" array"));
    }
    ObjectNode doc = NODES.objectNode();
    doc.put("schema", SCHEMA);
    doc.put("kind", "matrix");
    doc.set("matrix", matrix);
    ObjectNode reports = doc.putObject("cellReports");
    for (JsonNode cell : matrix.get("cells")) {
      String id = cell.path("id").asText();
      JsonNode runDir = cell.path("runDir");
      if (runDir.isTextual() && Files.isRegularFile(matrixDir.resolve(runDir.asText()).resolve(REPORT_HTML))) {
        reports.put(id, runDir.asText() + "/" + REPORT_HTML);
      } else {
        reports.putNull(id);
      }
    }
    return doc;
  }

  /**
   * {@code doc} as text: pretty-printed with {@code \n} line ends, then every {@code <}, {@code >},
   * {@code &}, U+2028 and U+2029 written as a {@code \}{@code uXXXX} escape. These characters occur
   * in JSON text only inside strings, where the escape means the same character; so the text is the
   * same JSON and cannot close the script element it is put in, whatever a URL or an error held.
   */
  public static String toJson(JsonNode doc) throws IOException {
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

  private static ObjectNode run(Path dir) throws IOException {
    RunJson run = RunFiles.readRun(dir);
    Path findingsFile = dir.resolve(RunFiles.FINDINGS_JSON);
    // the typed reader: refuses a newer format, names the file
    io.crosscheck.rundir.Findings typed = RunFiles.readFindings(findingsFile).findings();
    JsonNode findingsTree = JsonFiles.readObject(findingsFile, "missing");
    ObjectNode out = NODES.objectNode();
    Path name = dir.toAbsolutePath().normalize().getFileName();
    out.put("label", name == null ? dir.toString() : name.toString());
    out.set("run", runSection(run));
    out.set("evidence", findingsTree.path("run").isObject() ? findingsTree.get("run") : NODES.nullNode());
    if (!findingsTree.path("findings").isObject()) {
      throw new MalformedInputException(Printable.escape(findingsFile + ": no \"findings\" object"));
    }
    out.set("findings", findingsTree.get("findings"));
    // verdicts are enums and figures in findings.json: their sentences are rendered once, here
    ObjectNode sentences = out.putObject("sentences");
    sentences.put("connectionsVerdict", FindingsSentences.connectionsVerdict(typed));
    sentences.put("connectionsEvidence", FindingsSentences.connectionsEvidence(typed));
    sentences.put("bottleneck", FindingsSentences.bottleneck(typed));
    sentences.put("pace", FindingsSentences.pace(typed));
    Path csv = dir.resolve(WireCsv.CONNECTION_FILE);
    if (Files.isRegularFile(csv)) {
      out.set("connectionsOverTime", connectionsOverTime(csv, runStartEpochNanos(run)));
    } else {
      out.putNull("connectionsOverTime");
      out.put("connectionsOverTimeMissing", WireCsv.CONNECTION_FILE + " is not in the run directory");
    }
    return out;
  }

  private static ObjectNode runSection(RunJson run) {
    ObjectMapper m = JsonFiles.mapper();
    ObjectNode r = NODES.objectNode();
    r.put("status", run.status());
    r.put("crosscheckVersion", run.crosscheckVersion());
    r.put("startTimeUtc", run.startTimeUtc());
    r.put("endTimeUtc", run.endTimeUtc());
    if (run.seed() == null) {
      r.putNull("seed");
    } else {
      r.put("seed", run.seed());
    }
    r.set("command", m.valueToTree(run.command()));
    r.set("engine", m.valueToTree(run.engine()));
    r.set("workload", m.valueToTree(run.workload()));
    ObjectNode jvm = r.putObject("jvm");
    if (run.generatorJvm() != null) {
      jvm.put("of", "the generator's child JVM (--jvm)");
      jvm.put("version", run.generatorJvm().javaVersion());
      jvm.put("vmName", run.generatorJvm().vmName());
      jvm.put("vendor", run.generatorJvm().vendor());
      jvm.set("options", m.valueToTree(run.generatorJvm().effectiveJvmOpts()));
    } else if (run.jvm() != null) {
      jvm.put("of", run.target() != null ? "crosscheck's JVM (the audited generator ran in its own)"
          : "the JVM that ran the engine (crosscheck's)");
      jvm.put("version", run.jvm().version());
      jvm.put("vmName", run.jvm().vmName());
      jvm.put("vendor", run.jvm().vendor());
      jvm.set("options", m.valueToTree(run.jvm().inputArguments()));
    }
    r.set("target", m.valueToTree(run.target()));
    r.put("hostCores", run.host() == null ? 0 : run.host().cores());
    r.set("telemetry", m.valueToTree(run.telemetry()));
    return r;
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
  static ObjectNode connectionsOverTime(Path csv, Long startEpochNanos) throws IOException {
    List<double[]> rows = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      String header = in.readLine();
      if (!WireCsv.CONNECTION_HEADER.equals(header)) {
        throw new MalformedInputException(Printable.escape(csv + ":1: header " + Printable.quoted(String.valueOf(header))
            + ": expected " + WireCsv.CONNECTION_HEADER));
      }
      String line;
      long n = 1;
      while ((line = in.readLine()) != null) {
        n++;
        if (line.isEmpty()) {
          continue;
        }
        String[] f = line.split(",", -1);
        try {
          if (f.length != 3) {
            throw new NumberFormatException("expected 3 columns");
          }
          rows.add(new double[] {Double.parseDouble(f[0]), Double.parseDouble(f[2])});
        } catch (NumberFormatException e) {
          throw new MalformedInputException(Printable.escape(csv + ":" + n + ": " + Printable.quoted(line)
              + ": expected " + WireCsv.CONNECTION_HEADER + " (numbers)"));
        }
      }
    }
    ObjectNode out = NODES.objectNode();
    if (rows.isEmpty()) {
      out.put("statement", "connection.csv holds no connection: the capture saw none");
      out.putArray("seconds");
      out.putArray("open");
      return out;
    }
    double originSeconds = startEpochNanos != null ? startEpochNanos / 1e9 : rows.get(0)[0];
    String origin = startEpochNanos != null ? "the run's start" : "the first connection";
    double firstSeconds = rows.get(0)[0] - originSeconds;
    double lastSeconds = rows.get(rows.size() - 1)[0] - originSeconds;
    double bucketSeconds = Math.max((lastSeconds - firstSeconds) / MAX_CONNECTION_POINTS, 1e-9);
    ArrayNode seconds = NODES.arrayNode();
    ArrayNode open = NODES.arrayNode();
    int peak = 0;
    long lastBucket = Long.MIN_VALUE;
    for (double[] row : rows) {
      double t = row[0] - originSeconds;
      int count = (int) row[1];
      peak = Math.max(peak, count);
      long bucket = rows.size() <= MAX_CONNECTION_POINTS ? seconds.size() : (long) ((t - firstSeconds) / bucketSeconds);
      if (bucket == lastBucket) {
        int last = open.size() - 1;
        if (count > open.get(last).asInt()) {
          open.set(last, NODES.numberNode(count));
        }
        continue;
      }
      lastBucket = bucket;
      seconds.add(Math.round(t * 1e6) / 1e6);
      open.add(count);
    }
    out.put("statement", String.format(Locale.ROOT, "%d opens and closes in %s (the capture's clock), seconds"
        + " from %s; peak %d open at once%s", rows.size(), WireCsv.CONNECTION_FILE, origin, peak,
        rows.size() > MAX_CONNECTION_POINTS ? "; drawn as " + seconds.size() + " points, each the busiest of its"
            + " span" : ""));
    out.set("seconds", seconds);
    out.set("open", open);
    return out;
  }
}
