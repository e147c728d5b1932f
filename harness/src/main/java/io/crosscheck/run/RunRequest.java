package io.crosscheck.run;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.telemetry.GcPauseSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One run as asked for on the command line ({@code run}, {@code audit}, {@code replay}, {@code matrix}):
 * the workload's and the engine's options, where the run directory goes and what is recorded beside the
 * load, all as given; {@link #prepare} checks them all together into a {@link RunJob}.
 *
 * @param out the directory run directories are created under ({@code --out})
 * @param name the run directory's suffix ({@code --name})
 * @param into an existing, empty directory to write into instead (a child JVM's), or null
 * @param telemetryPeriod {@code --telemetry-period}; {@code telemetryPauses} {@code --telemetry-pauses}
 * @param stallWarning {@code --stall-warning}; {@code stallTimeout} {@code --stall-timeout}
 * @param command the command line as given, recorded in run.json
 */
public record RunRequest(WorkloadRequest workload, EngineRequest engine, Path out, String name, Path into,
    String telemetryPeriod, String telemetryPauses, String stallWarning, String stallTimeout, List<String> command) {
  /**
   * Checks the workload, engine and any {@code extra} problems together: the job, or null after adding
   * every problem to {@code problems} (empty on entry).
   */
  public RunJob prepare(List<Problem> extra, List<Problem> problems) {
    EngineOptions options = engine.build(problems);
    Engine generator = engine.newEngine(problems);
    workload.checkSiteOptions(problems);
    checkOutput(problems);
    Workload w = workload.build(problems);
    problems.addAll(extra);
    if (generator != null && options != null && !"netty".equals(generator.name())) {
      if (!options.sourceAddresses().isEmpty()) {
        problems.add(new Problem("--source-address", engine.sourceAddresses(), "no source address with --engine "
            + generator.name() + ": it opens its connections where the JDK or HttpClient chooses and cannot bind"
            + " (the netty engine can)"));
      } else if (workload.given("--shards")) {
        problems.add(new Problem("--shards", workload.givenValue("--shards"),
            "--engine netty: each shard binds its own source address, which --engine " + generator.name()
                + " cannot"));
      }
    }
    long telemetryNanos = -1;
    try {
      telemetryNanos = Durations.parseNanos(telemetryPeriod);
    } catch (IllegalArgumentException e) {
      // below
    }
    if (telemetryNanos < 0 || (telemetryNanos > 0 && telemetryNanos < 10_000_000L)) {
      problems.add(new Problem("--telemetry-period", telemetryPeriod, "0 (off) or a duration >= 10ms"));
    }
    GcPauseSource pauses = GcPauseSource.JMX;
    try {
      pauses = GcPauseSource.parse(telemetryPauses);
    } catch (IllegalArgumentException e) {
      problems.add(new Problem("--telemetry-pauses", telemetryPauses, "jmx, jfr or off"));
    }
    StallLimits stall = StallLimits.parse(stallWarning, stallTimeout, problems);
    if (!problems.isEmpty()) {
      return null;
    }
    RunJob job = new RunJob(w, generator, options, out, name, command);
    job.telemetryEvery(telemetryNanos).telemetryPauses(pauses).stallLimits(stall);
    job.jitWarmUp(engine.jitWarmUpRequests());
    return into == null ? job : job.into(into);
  }

  /** The run directory can be made: --out is a directory or can become one, --name fits in a file name. */
  public void checkOutput(List<Problem> problems) {
    if (into == null && Files.exists(out) && !Files.isDirectory(out)) {
      problems.add(new Problem("--out", out.toString(), "a directory to create run directories in (this is a"
          + " file)"));
    }
    // the directory is <yyyyMMdd-HHmmss>-NAME: 16 bytes, and Linux allows 255 per name
    int nameBytes = name.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    if (name.isEmpty() || nameBytes > 200 || name.contains("/") || name.contains("\0") || name.equals(".")
        || name.equals("..")) {
      problems.add(new Problem("--name", name.length() > 40 ? name.substring(0, 40) + "... (" + nameBytes
          + " bytes)" : name, "a file name of 1..200 bytes without '/'"));
    }
  }
}
