package io.crosscheck.rundir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.record.MalformedInputException;
import io.crosscheck.record.RecordingSink;
import io.crosscheck.record.SummaryJson;
import io.crosscheck.text.Printable;
import io.crosscheck.wire.WireCsv;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The one reader and writer of a run directory's JSON files (DESIGN.md §4): {@code run.json}
 * ({@link RunJson}, with the {@code TelemetrySummary}), {@code capture.json} ({@link CaptureJson}),
 * {@code findings.json} ({@link FindingsFile}) and the reader of {@code summary.json} ({@link
 * SummaryJson}, written by the recording sink). Every tool reads runs through it. It accepts the current format and every older
 * one (a v1 fixture directory stays readable: {@code RunFilesTest}); a file of a newer format is
 * refused by name. Writes are atomic. Errors name the file and what is wrong. Stateless and
 * thread-safe.
 */
public final class RunFiles {
  /** The format version this code writes for run.json and the files beside it but findings.json. */
  public static final int FORMAT_VERSION = 2;
  /**
   * The format version this code writes for findings.json: 5, every verdict as an enum with its figures (the
   * sentences are the report's); 4 still held the WAN link's sentences and a merge of shards' coverage sentence,
   * 3 the client host's, the reported intervals' and the clock mapping's too, 2 every verdict's. All are read
   * (their sentences printed as written), and 1 as far as its fields go.
   */
  public static final int FINDINGS_FORMAT_VERSION = 5;
  /**
   * The oldest findings.json format whose verdicts and figures a CI gate compares with this one's: from 2 on
   * every verdict the gate reads ({@code check.Metrics}) is there, as a token or a sentence its kind is read from,
   * with the same figures.
   */
  public static final int FINDINGS_COMPARABLE_SINCE = 2;

  public static final String RUN_JSON = "run.json";
  public static final String REQUESTS_CSV = RecordingSink.REQUESTS_CSV;
  public static final String LATENCY_HLOG = RecordingSink.LATENCY_HLOG;
  public static final String SUMMARY_JSON = RecordingSink.SUMMARY_JSON;
  public static final String CLOCK_CSV = "clock.csv";
  public static final String TELEMETRY_CSV = "telemetry.csv";
  public static final String CAPTURE_PCAP = "capture.pcap";
  public static final String CAPTURE_JSON = "capture.json";
  public static final String FINDINGS_JSON = "findings.json";
  public static final String WIRE_EXCHANGES_CSV = WireCsv.EXCHANGES_FILE;
  public static final String RESPONSE_CSV = WireCsv.RESPONSE_FILE;
  public static final String CONNECTION_CSV = WireCsv.CONNECTION_FILE;

  /** The status the reader gives a run.json that says running when its process is gone. */
  public static final String UNFINISHED = "unfinished";

  private RunFiles() {}

  /**
   * Reads {@code dir/run.json}, upgrading older formats.
   *
   * @throws IOException naming the file: missing (not a run directory), not JSON, of a newer format
   */
  public static RunJson readRun(Path dir) throws IOException {
    Path file = dir.resolve(RUN_JSON);
    JsonNode tree = JsonFiles.readObject(file, "not a crosscheck run directory (no run.json)");
    int version = version(file, tree, FORMAT_VERSION);
    if (version < 2 && tree.path("engineResult").isObject()) {
      ObjectNode result = (ObjectNode) tree.get("engineResult");
      if (!result.has("reportedResolutionNanos")) {
        // v1 kept the legacy engines' currentTimeMillis timing as a gauge
        boolean millis = result.path("extra").path("timingMillisClock").asLong(0) == 1;
        result.put("reportedResolutionNanos", millis ? 1_000_000L : 0L);
      }
    }
    return JsonFiles.convert(file, tree, RunJson.class);
  }

  /** Writes {@code dir/run.json} atomically. */
  public static void writeRun(Path dir, RunJson run) throws IOException {
    JsonFiles.writeAtomically(dir.resolve(RUN_JSON), run);
  }

  /**
   * Reads {@code dir/summary.json}, or empty when the run did not finish its recording.
   *
   * @throws IOException naming the file: not JSON, of a newer format, a member of the wrong type
   */
  public static Optional<SummaryJson> readSummary(Path dir) throws IOException {
    Path file = dir.resolve(SUMMARY_JSON);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    JsonNode tree = JsonFiles.readObject(file, "missing");
    version(file, tree, SummaryJson.FORMAT_VERSION);
    return Optional.of(JsonFiles.convert(file, tree, SummaryJson.class));
  }

  /** Reads {@code dir/capture.json}, or empty when the run has none (not an audit). */
  public static Optional<CaptureJson> readCapture(Path dir) throws IOException {
    Path file = dir.resolve(CAPTURE_JSON);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(JsonFiles.read(file, "missing", CaptureJson.class));
  }

  /** Writes {@code dir/capture.json} atomically. */
  public static void writeCapture(Path dir, CaptureJson capture) throws IOException {
    JsonFiles.writeAtomically(dir.resolve(CAPTURE_JSON), capture);
  }

  /** Reads {@code dir/expected.json}, or empty when nothing was declared there. */
  public static Optional<ExpectedJson> readExpected(Path dir) throws IOException {
    Path file = dir.resolve(ExpectedJson.FILE);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    JsonNode tree = JsonFiles.readObject(file, "missing");
    version(file, tree, ExpectedJson.FORMAT_VERSION);
    return Optional.of(JsonFiles.convert(file, tree, ExpectedJson.class));
  }

  /** Writes {@code dir/expected.json} atomically. */
  public static void writeExpected(Path dir, ExpectedJson expected) throws IOException {
    JsonFiles.writeAtomically(dir.resolve(ExpectedJson.FILE), expected);
  }

  /** Reads a findings.json of any format version. */
  public static FindingsFile readFindings(Path file) throws IOException {
    JsonNode tree = JsonFiles.readObject(file, "missing: the run was not compared");
    version(file, tree, FINDINGS_FORMAT_VERSION);
    return JsonFiles.convert(file, tree, FindingsFile.class);
  }

  /** Writes a findings.json atomically. */
  public static void writeFindings(Path file, FindingsFile findings) throws IOException {
    JsonFiles.writeAtomically(file, findings);
  }

  /**
   * The run's status as a reader should take it: run.json's, except that a run.json still saying
   * {@code running} whose writing process is gone (killed with SIGKILL, crashed, the machine
   * restarted) is {@link #UNFINISHED}.
   */
  public static Status status(RunJson run) {
    if (!RunJson.RUNNING.equals(run.status())) {
      return new Status(run.status(), "");
    }
    String here = RunDirectory.hostname();
    if (run.host() != null && run.host().hostname() != null && !run.host().hostname().equals(here)) {
      // another machine's pid says nothing here
      return new Status(UNFINISHED, "run.json still says running; it was written on " + run.host().hostname()
          + ", not here (" + here + "): taken as killed or crashed; its records up to then are analysed");
    }
    if (run.pid() != null && writerAlive(run)) {
      return new Status(RunJson.RUNNING, "process " + run.pid() + " is still writing this run");
    }
    return new Status(UNFINISHED, "run.json still says running but "
        + (run.pid() == null ? "names no process" : "process " + run.pid() + " is gone")
        + ": the run was killed or crashed; its records up to then are analysed");
  }

  /** A run's status and why. */
  public record Status(String status, String note) {}

  private static boolean writerAlive(RunJson run) {
    Optional<ProcessHandle> p = ProcessHandle.of(run.pid());
    if (p.isEmpty() || !p.get().isAlive()) {
      return false;
    }
    // a reused pid started after the run did
    Optional<Instant> started = p.get().info().startInstant();
    return started.isEmpty() || run.startEpochNanos() == null
        || started.get().isBefore(Instant.ofEpochSecond(0, run.startEpochNanos()).plusSeconds(1));
  }

  /**
   * The file's {@code formatVersion}, checked before the file is read as a record (a newer format may
   * not convert): absent is 1 (the first files named none); anything but a whole number from 1 up is
   * refused, and so is a version above {@code newest}.
   */
  private static int version(Path file, JsonNode tree, int newest) throws IOException {
    JsonNode v = tree.get("formatVersion");
    if (v == null) {
      return 1;
    }
    if (!v.canConvertToExactIntegral() || !v.canConvertToInt() || v.asInt() < 1) {
      throw new MalformedInputException(Printable.escape(file + ": formatVersion " + v + ": expected a whole number"
          + " from 1 to " + newest));
    }
    int version = v.asInt();
    if (version > newest) {
      throw new MalformedInputException(file + ": formatVersion " + version + " was written by a newer crosscheck (this one"
          + " reads up to " + newest + ")");
    }
    return version;
  }
}
