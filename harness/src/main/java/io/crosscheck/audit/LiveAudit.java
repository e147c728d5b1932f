package io.crosscheck.audit;

import io.crosscheck.model.Target;
import io.crosscheck.run.ChildRun;
import io.crosscheck.run.FailedRun;
import io.crosscheck.run.RunJob;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.text.ErrorLines;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * One audit of crosscheck's own load: the load (in this JVM, a child, shards or behind a WAN link:
 * a {@link Runner}) under a live capture ({@link CaptureStage}), then the comparison of every record
 * with the capture ({@link CompareJob}). Used by {@code audit}, {@code matrix} and the studies.
 */
public final class LiveAudit {
  private LiveAudit() {}

  /**
   * What an audit gave.
   *
   * @param exitCode 0 completed, 1 the run failed, 2 the capture could not start (nothing loaded), 3
   *     the evidence is below the matching floor, 130 interrupted during the comparison
   * @param findings the findings, null when the capture could not start
   * @param runDir the run directory, null when the capture could not start
   */
  public record Audit(int exitCode, Findings findings, Path runDir) {}

  /** Runs the load with a stage around it, in this JVM or a child. */
  @FunctionalInterface
  public interface Runner {
    ChildRun.Ran run(RunJob.Stage stage) throws IOException;
  }

  /** Runs {@code job} in this JVM. */
  public static Runner inProcess(RunJob job, String progress) {
    return stage -> {
      RunJob.Result r = job.around(stage).execute(progress, System.out);
      FailedRun.print(new java.io.PrintWriter(System.err, true), "crosscheck audit", r.directory(), r.status());
      // interrupted by Ctrl-C: 130, so that audit() skips the comparison in a JVM shutting down
      return new ChildRun.Ran(r.directory(), r.exitCode());
    };
  }

  /** Runs the load under a live capture, then compares. */
  public static Audit audit(Runner runner, Target target, CaptureSettings options, PrintStream out)
      throws IOException {
    return audit(runner, target, options, ServerHostSampling.NONE, out);
  }

  /** As above, with the server host sampled beside the capture when {@code serverHost} asks for it. */
  public static Audit audit(Runner runner, Target target, CaptureSettings options, ServerHostSampling serverHost,
      PrintStream out) throws IOException {
    CaptureStage stage = new CaptureStage(options, target, out);
    ChildRun.Ran result;
    try {
      result = runner.run(serverHost.around(stage, out));
    } catch (IOException e) {
      if (stage.capture == null) { // the capture could not start: nothing was loaded
        System.err.println("crosscheck audit: " + e.getMessage());
        return new Audit(2, null, null);
      }
      throw e;
    }
    if (result.exitCode() == RunJob.EXIT_INTERRUPTED) {
      // Ctrl-C ended the load: the JVM is shutting down (its grace is for finishing the run
      // directory, not for a comparison), so the comparison is left to 'compare', as documented
      System.err.println("crosscheck audit: interrupted; the run is kept: compare it with 'crosscheck compare "
          + result.directory() + "'");
      return new Audit(RunJob.EXIT_INTERRUPTED, null, result.directory());
    }
    return compareCaptured(result.directory(), stage.captureJson(), options, result.exitCode(), out, System.err);
  }

  /**
   * Compares a run directory with the capture.pcap it holds (the live capture's counters {@code
   * live}); the run's own failure ({@code runExitCode} other than 0) takes precedence over the
   * comparison's exit code. Interrupted: the run is kept, exit 130.
   */
  public static Audit compareCaptured(Path dir, CaptureJson live, CaptureSettings options, int runExitCode, PrintStream out,
      PrintStream err) throws IOException {
    CompareJob.Result compared;
    try {
      compared = CompareJob.compare(dir, dir.resolve(RunFiles.CAPTURE_PCAP), live, options.minMatchedPercent(), out);
    } catch (InterruptedIOException e) {
      err.println("crosscheck audit: " + e.getMessage() + "; the run is kept: redo the comparison with"
          + " 'crosscheck compare " + dir + "'");
      return new Audit(130, null, dir);
    } catch (IOException e) {
      if (!ErrorLines.isDiskFull(e)) {
        throw e;
      }
      err.println("crosscheck audit: the comparison did not fit on the disk (no space left on device), so none of"
          + " its outputs were written; the run is kept: free some space, then 'crosscheck compare " + dir + "'");
      return new Audit(1, null, dir);
    }
    return new Audit(runExitCode != 0 ? runExitCode : compared.exitCode(), compared.findings(), dir);
  }
}
