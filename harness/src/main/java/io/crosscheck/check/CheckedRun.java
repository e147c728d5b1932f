package io.crosscheck.check;

import io.crosscheck.record.MalformedInputException;
import io.crosscheck.record.SummaryJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.FindingsFile;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.text.Printable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A compared run as the gate reads it: its {@code findings.json} through the typed reader ({@link
 * RunFiles#readFindings}) and its {@code summary.json} when it has one (the generator's own error
 * count, for runs whose findings hold none). Immutable.
 *
 * @param dir the run directory
 * @param file findings.json
 * @param summary summary.json, empty for a run without one (an agent's or a wire-only run) or with
 *     an unreadable one
 * @param noSummary why {@code summary} is empty, for a metric's "no evidence" line; null when present
 * @param runJson run.json through the typed reader, for the run's status and workload; null when it
 *     cannot be read
 * @param runJsonProblem why {@code runJson} is null; null when it is not
 */
public record CheckedRun(Path dir, FindingsFile file, Optional<SummaryJson> summary, String noSummary,
    RunJson runJson, String runJsonProblem) {

  /**
   * The run's status as its findings rest on it: findings.json's {@code run.status} (the comparison
   * tells a killed run, {@code unfinished}, from a running one), else, for a file written before it,
   * run.json's as {@link RunFiles#status} reads it; {@code unknown} when neither can be read.
   */
  public RunFiles.Status status() {
    FindingsFile.RunEvidence evidence = file.run();
    if (evidence != null && evidence.status() != null) {
      return new RunFiles.Status(evidence.status(), evidence.statusNote() == null ? "" : evidence.statusNote());
    }
    if (runJson == null) {
      return new RunFiles.Status(UNKNOWN_STATUS, runJsonProblem);
    }
    return RunFiles.status(runJson);
  }

  /** The status of a run whose findings state none and whose run.json cannot be read. */
  public static final String UNKNOWN_STATUS = "unknown";

  /** The findings; never null for a file this reader accepted. */
  public Findings findings() {
    return file.findings();
  }

  /** Whether the findings are a wire-only analysis (a capture without generator records). */
  public boolean wireOnly() {
    Findings.Coverage c = findings().coverage();
    return c != null ? c.wireOnly() : "wire-only".equals(file.run() == null ? null : file.run().status());
  }

  /**
   * Reads a run directory's findings.
   *
   * @param role how the user named it, for messages: {@code RUN_DIR} or {@code --baseline}
   * @throws BadInputException a directory that is not a compared run (missing, no run.json, no
   *     findings.json, malformed or newer findings): bad input, exit 2
   * @throws IOException when a file cannot be read (exit 1)
   */
  public static CheckedRun read(Path dir, String role) throws IOException {
    String shown = Printable.escape(dir.toString());
    if (!Files.isDirectory(dir)) {
      throw new BadInputException(role + " " + shown + ": no such directory (expected a run directory that"
          + " 'crosscheck audit' or 'compare' wrote)");
    }
    if (!Files.exists(dir.resolve(RunFiles.RUN_JSON))) {
      throw new BadInputException(role + " " + shown + ": not a crosscheck run directory (no run.json)");
    }
    Path findings = dir.resolve(RunFiles.FINDINGS_JSON);
    if (!Files.exists(findings)) {
      throw new BadInputException(role + " " + shown + ": no findings.json: the run was not compared; run"
          + " 'crosscheck compare " + shown + "' first");
    }
    FindingsFile file;
    try {
      file = RunFiles.readFindings(findings);
    } catch (MalformedInputException e) {
      throw new BadInputException(role + " " + e.getMessage());
    }
    if (file.findings() == null) {
      throw new BadInputException(role + " " + Printable.escape(findings.toString()) + ": holds no findings"
          + " (expected the comparison's findings object)");
    }
    Optional<SummaryJson> summary;
    String noSummary = null;
    try {
      summary = RunFiles.readSummary(dir);
      if (summary.isEmpty()) {
        noSummary = "the run has no " + RunFiles.SUMMARY_JSON;
      }
    } catch (MalformedInputException e) {
      // errors then come from the findings alone, or say they are missing, and why
      summary = Optional.empty();
      noSummary = "its " + RunFiles.SUMMARY_JSON + " is unreadable: " + e.getMessage();
    }
    RunJson runJson = null;
    String runJsonProblem = null;
    try {
      runJson = RunFiles.readRun(dir);
    } catch (MalformedInputException e) {
      // only the status (when findings.json lacks it) and the workload comparison need it: they say why
      runJsonProblem = "its " + RunFiles.RUN_JSON + " is unreadable: " + e.getMessage();
    }
    return new CheckedRun(dir, file, summary, noSummary, runJson, runJsonProblem);
  }

  /**
   * Why {@code baseline} cannot be set against {@code run}, or empty when it can: the same findings
   * format version (or both of {@link RunFiles#FINDINGS_COMPARABLE_SINCE} or later), and both wire-only analyses or both runs with generator records.
   */
  public static Optional<String> incompatibility(CheckedRun run, CheckedRun baseline) {
    String shown = Printable.escape(baseline.dir().toString());
    // formatVersion 3 and 4 hold the verdicts as enums, 2 as sentences their kinds are read from: they compare
    int oldest = RunFiles.FINDINGS_COMPARABLE_SINCE;
    if (run.file().formatVersion() != baseline.file().formatVersion()
        && (run.file().formatVersion() < oldest || baseline.file().formatVersion() < oldest)) {
      return Optional.of("--baseline " + shown + ": findings.json formatVersion " + baseline.file().formatVersion()
          + ", the run's is " + run.file().formatVersion() + " (expected the same format; re-run"
          + " 'crosscheck compare' on the older one to rewrite its findings)");
    }
    return wireOnlyMismatch(run.wireOnly(), baseline);
  }

  /** Why a baseline does not fit a run that is ({@code wireOnly}) or is not a wire-only analysis. */
  public static Optional<String> wireOnlyMismatch(boolean wireOnly, CheckedRun baseline) {
    if (wireOnly == baseline.wireOnly()) {
      return Optional.empty();
    }
    String shown = Printable.escape(baseline.dir().toString());
    return Optional.of("--baseline " + shown + ": " + (baseline.wireOnly()
        ? "a wire-only analysis (no generator records), the run has records"
        : "a run with generator records, the run is a wire-only analysis")
        + " (expected a baseline of the same kind: both audits of a generator, or both captures alone)");
  }

  /** A run directory or baseline that the gate cannot read as a compared run: bad input, exit 2. */
  public static final class BadInputException extends MalformedInputException {
    public BadInputException(String message) {
      super(message);
    }
  }
}
