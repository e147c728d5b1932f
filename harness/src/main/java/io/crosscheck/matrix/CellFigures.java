package io.crosscheck.matrix;

import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.MatrixCell;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.telemetry.TelemetrySummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A matrix cell's figures, read from its run directory: findings.json (coverage, response times,
 * pressure, client host, connections, percentiles), run.json (its status, the generator-error
 * kinds its engine counted) and child.out (an OutOfMemoryError). Copies them into the cell's
 * {@link MatrixCell} record; a figure without evidence stays null. Stateless.
 */
public final class CellFigures {
  private CellFigures() {}

  /** True when the cell's run directory holds findings of a completed run: a resumed matrix skips it. */
  public static boolean done(Path runDir) {
    try {
      if (!Files.exists(runDir.resolve(RunFiles.FINDINGS_JSON))) {
        return false;
      }
      return MatrixCell.COMPLETED.equals(RunFiles.readRun(runDir).status());
    } catch (IOException e) {
      return false; // unreadable: run it again
    }
  }

  /**
   * {@code cell} with the figures of its run directory {@code matrixDir/runDir}.
   *
   * @param status the cell's status (from the audit's exit code, or {@link #statusOf} for a resumed cell)
   * @param why why it failed, or null
   */
  public static MatrixCell withFigures(MatrixCell c, Path matrixDir, String runDir, String status, String why)
      throws IOException {
    Path dir = matrixDir.resolve(runDir);
    Findings f = null;
    if (Files.exists(dir.resolve(RunFiles.FINDINGS_JSON))) {
      f = RunFiles.readFindings(dir.resolve(RunFiles.FINDINGS_JSON)).findings();
    }
    String limit = generatorLimit(dir);
    String reasonNow = why != null ? why : limit;
    if (f == null) {
      return new MatrixCell(c.id(), c.jvmLabel(), c.jvmHome(), c.optsLabel(), c.jvmOpts(), c.users(), status, runDir,
          null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
          c.searchStep(), reasonNow != null ? reasonNow : MatrixCell.FAILED.equals(status) ? "no findings.json: see "
              + runDir + "/child.out" : null, c.dimensions(), null, null, null);
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
    return new MatrixCell(c.id(), c.jvmLabel(), c.jvmHome(), c.optsLabel(), c.jvmOpts(), c.users(), status, runDir,
        f.coverage() == null ? null : number(f.coverage().recordsMatchedPercent()),
        rt == null ? null : number(rt.absoluteErrorMicros()), rt == null ? null : number(rt.ratio()),
        rt == null ? null : number(rt.reportedMeanMicros()), rt == null ? null : number(rt.wireMeanMicros()),
        cpuMean, cpuMax, pressure == null ? null : whole(pressure.heapUsedMaxBytes()),
        pressure == null ? null : whole(pressure.threadsPeak()), pressure == null ? null : whole(pressure.gcPauses()),
        conn == null ? null : whole(conn.connectionsWithRequests()), conn == null ? null : whole(conn.sessions()),
        conn == null ? null : conn.kind(),
        conn == null || !conn.judged() ? null : conn.connectionsUsedBySeveralSessions() > 0,
        host == null ? null : host.bottleneck(), host == null ? null : host.cpuSaturated(), c.searchStep(), reasonNow,
        c.dimensions(), rt == null ? null : rt.pairs(), wirePercentile(f.percentiles(), 50.0),
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
  public static String statusOf(Path runDir) throws IOException {
    Findings f = RunFiles.readFindings(runDir.resolve(RunFiles.FINDINGS_JSON)).findings();
    return f != null && f.coverage() != null && f.coverage().sufficient() ? MatrixCell.COMPLETED : MatrixCell.BELOW_FLOOR;
  }

  /**
   * The generator's own limits in its run directory, in words, or null when it hit none: the
   * generator-error kinds run.json's engine result counts ({@code generatorErrors.KIND}: threads,
   * file-descriptors, local-ports, client-limit...) and an OutOfMemoryError in child.out.
   */
  public static String generatorLimit(Path dir) {
    List<String> hits = new ArrayList<>();
    try {
      if (Files.exists(dir.resolve(RunFiles.RUN_JSON))) {
        RunJson.EngineResultSection result = RunFiles.readRun(dir).engineResult();
        if (result != null) {
          result.generatorErrors().positive().forEach((kind, count) -> hits.add(String.format(Locale.ROOT,
              "%,d generator-error requests of kind %s (run.json engineResult)", count, kind)));
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
