package io.crosscheck.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.crosscheck.record.JsonFiles;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.telemetry.TelemetrySummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One cell of a {@code crosscheck matrix}: a JVM, an option set and a user level, as matrix.json
 * holds it (the contract in the issue-12 brief). Every figure is copied from the cell's
 * findings.json (and run.json, child.out for the generator's limits) and is null when the cell has
 * no evidence for it; durations in microseconds, CPU in cores, heap in bytes. Immutable.
 *
 * @param id e.g. {@code jdk17-xint-u20}: also the name of the cell's run directory
 * @param jvmLabel {@code java.version (vendor)}
 * @param jvmHome the Java home
 * @param optsLabel {@code default} or the options as typed
 * @param jvmOpts the options the child JVM got (engine options of the set, e.g. {@code
 *     --virtual-threads}, included as typed)
 * @param users the closed model's users
 * @param status completed, failed, pending, below-floor, interrupted
 * @param runDir the run directory relative to the matrix directory, null while pending
 * @param reason why the cell failed or the search stopped at it; null otherwise
 * @param dimensions a study's cell: its coordinates (e.g. server, policy, schedule); null in a JVM matrix
 * @param wirePairs the matched pairs the wire figures rest on (measured phase, capture clock)
 * @param wireMedianMicros the wire response time's median over those pairs (HdrHistogram, 3 digits)
 * @param wireP95Micros its 95th percentile
 */
record MatrixCell(String id, String jvmLabel, String jvmHome, String optsLabel, List<String> jvmOpts, int users,
    String status, String runDir, Double matchedPercent, Double absoluteErrorMicros, Double ratio,
    Double reportedMeanMicros, Double wireMeanMicros, Double generatorCpuCoresMean, Double generatorCpuCoresMax,
    Long heapUsedMaxBytes, Long threadsMax, Long gcPauses, Long connectionsWithRequests, Long sessions,
    String sharingVerdict, Boolean sharing, Boolean clientHostBottleneck, Boolean generatorCpuSaturated,
    Integer searchStep, String reason,
    @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, String> dimensions, Long wirePairs,
    Double wireMedianMicros, Double wireP95Micros) {

  static final String COMPLETED = "completed";
  static final String FAILED = "failed";
  static final String PENDING = "pending";
  static final String BELOW_FLOOR = "below-floor";
  static final String INTERRUPTED = "interrupted";

  /** A cell not run yet. */
  static MatrixCell pending(String id, String jvmLabel, String jvmHome, String optsLabel, List<String> jvmOpts,
      int users, Integer searchStep) {
    return pending(id, jvmLabel, jvmHome, optsLabel, jvmOpts, users, searchStep, null);
  }

  /** A study's cell not run yet, at {@code dimensions}. */
  static MatrixCell pending(String id, String jvmLabel, String jvmHome, String optsLabel, List<String> jvmOpts,
      int users, Integer searchStep, Map<String, String> dimensions) {
    return new MatrixCell(id, jvmLabel, jvmHome, optsLabel, List.copyOf(jvmOpts), users, PENDING, null, null, null,
        null, null, null, null, null, null, null, null, null, null, null, null, null, null, searchStep, null,
        dimensions == null ? null : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(dimensions)),
        null, null, null);
  }

  MatrixCell withReason(String why) {
    return new MatrixCell(id, jvmLabel, jvmHome, optsLabel, jvmOpts, users, status, runDir, matchedPercent,
        absoluteErrorMicros, ratio, reportedMeanMicros, wireMeanMicros, generatorCpuCoresMean, generatorCpuCoresMax,
        heapUsedMaxBytes, threadsMax, gcPauses, connectionsWithRequests, sessions, sharingVerdict, sharing,
        clientHostBottleneck, generatorCpuSaturated, searchStep, why, dimensions, wirePairs, wireMedianMicros,
        wireP95Micros);
  }

  /** True when the cell's run directory holds findings of a completed run: a resumed matrix skips it. */
  static boolean done(Path runDir) {
    try {
      if (!Files.exists(runDir.resolve(RunFiles.FINDINGS_JSON))) {
        return false;
      }
      JsonNode run = JsonFiles.readObject(runDir.resolve(RunFiles.RUN_JSON), "missing");
      return COMPLETED.equals(run.path("status").asText());
    } catch (IOException e) {
      return false; // unreadable: run it again
    }
  }

  /**
   * This cell with the figures of its run directory {@code matrixDir/runDir}.
   *
   * @param status the cell's status (from the audit's exit code, or {@link #statusOf} for a resumed cell)
   * @param why why it failed, or null
   */
  MatrixCell withFigures(Path matrixDir, String runDir, String status, String why) throws IOException {
    Path dir = matrixDir.resolve(runDir);
    Findings f = null;
    if (Files.exists(dir.resolve(RunFiles.FINDINGS_JSON))) {
      f = RunFiles.readFindings(dir.resolve(RunFiles.FINDINGS_JSON)).findings();
    }
    String limit = generatorLimit(dir);
    String reasonNow = why != null ? why : limit;
    if (f == null) {
      return new MatrixCell(id, jvmLabel, jvmHome, optsLabel, jvmOpts, users, status, runDir, null, null, null,
          null, null, null, null, null, null, null, null, null, null, null, null, null, searchStep,
          reasonNow != null ? reasonNow : FAILED.equals(status) ? "no findings.json: see " + runDir + "/child.out"
              : null, dimensions, null, null, null);
    }
    Findings.ResponseTime rt = f.responseTime();
    TelemetrySummary pressure = f.pressure();
    Findings.ClientHost host = f.clientHost();
    Findings.Connections conn = f.connections();
    Double cpuMean = host != null ? host.generatorCpuCoresMean() : null;
    if (cpuMean == null && pressure != null) {
      cpuMean = number(pressure.processCpuMeanCores());
    }
    Double cpuMax = host != null ? host.generatorCpuCoresMax() : null;
    if (cpuMax == null && f.intervals() != null) {
      cpuMax = f.intervals().stream().map(i -> number(i.generatorCpuCores())).filter(v -> v != null)
          .max(Double::compare).orElse(null);
    }
    return new MatrixCell(id, jvmLabel, jvmHome, optsLabel, jvmOpts, users, status, runDir,
        f.coverage() == null ? null : number(f.coverage().recordsMatchedPercent()),
        rt == null ? null : number(rt.absoluteErrorMicros()), rt == null ? null : number(rt.ratio()),
        rt == null ? null : number(rt.reportedMeanMicros()), rt == null ? null : number(rt.wireMeanMicros()),
        cpuMean, cpuMax, pressure == null ? null : whole(pressure.heapUsedMaxBytes()),
        pressure == null ? null : whole(pressure.threadsPeak()), pressure == null ? null : whole(pressure.gcPauses()),
        conn == null ? null : whole(conn.connectionsWithRequests()), conn == null ? null : whole(conn.sessions()),
        conn == null ? null : io.crosscheck.report.FindingsSentences.connectionsVerdict(f),
        conn == null || !conn.judged() ? null : conn.connectionsUsedBySeveralSessions() > 0,
        host == null ? null : host.bottleneck(), host == null ? null : host.cpuSaturated(), searchStep, reasonNow,
        dimensions, rt == null ? null : rt.pairs(), wirePercentile(f.percentiles(), 50.0),
        wirePercentile(f.percentiles(), 95.0));
  }

  /** The wire response time at percentile {@code p} of the findings' percentiles, or null without them. */
  private static Double wirePercentile(Findings.Percentiles ps, double p) {
    if (ps == null || ps.count() == 0 || ps.wireMicros() == null) {
      return null;
    }
    int i = ps.percentiles().indexOf(p);
    return i < 0 || i >= ps.wireMicros().size() ? null : ps.wireMicros().get(i);
  }

  /** completed or below-floor, from the findings' coverage (a resumed cell). */
  static String statusOf(Path runDir) throws IOException {
    Findings f = RunFiles.readFindings(runDir.resolve(RunFiles.FINDINGS_JSON)).findings();
    return f != null && f.coverage() != null && f.coverage().sufficient() ? COMPLETED : BELOW_FLOOR;
  }

  /**
   * The generator's own limits in its run directory, in words, or null when it hit none: the
   * generator-error kinds run.json's engine result counts ({@code generatorErrors.KIND}: threads,
   * file-descriptors, local-ports, client-limit...) and an OutOfMemoryError in child.out.
   */
  static String generatorLimit(Path dir) {
    List<String> hits = new ArrayList<>();
    try {
      if (Files.exists(dir.resolve(RunFiles.RUN_JSON))) {
        JsonNode extra = JsonFiles.readObject(dir.resolve(RunFiles.RUN_JSON), "missing").path("engineResult")
            .path("extra");
        for (Iterator<Map.Entry<String, JsonNode>> it = extra.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          if (e.getKey().startsWith("generatorErrors.") && e.getValue().asLong() > 0) {
            hits.add(String.format(Locale.ROOT, "%,d generator-error requests of kind %s (run.json engineResult)",
                e.getValue().asLong(), e.getKey().substring("generatorErrors.".length())));
          }
        }
      }
      Path childOut = dir.resolve("child.out");
      if (Files.exists(childOut) && Files.size(childOut) < 64L << 20) {
        String text = Files.readString(childOut, StandardCharsets.ISO_8859_1);
        if (text.contains("OutOfMemoryError")) {
          hits.add("heap: OutOfMemoryError in child.out");
        }
      }
    } catch (IOException e) {
      hits.add("the run directory could not be read: " + e.getMessage());
    }
    return hits.isEmpty() ? null : "generator limit: " + String.join("; ", hits);
  }

  /** A figure, or null when it is NaN (unmeasured: JSON null). */
  private static Double number(double v) {
    return Double.isNaN(v) ? null : v;
  }

  /** A count, or null when it is negative (-1: no source for it). */
  private static Long whole(long n) {
    return n >= 0 ? n : null;
  }
}
