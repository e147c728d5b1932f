package io.crosscheck.cli;

import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.ChildRun;
import io.crosscheck.run.EngineRequest;
import io.crosscheck.run.FailedRun;
import io.crosscheck.run.RunJob;
import io.crosscheck.run.RunRequest;
import io.crosscheck.run.ShardRun;
import io.crosscheck.run.StallLimits;
import io.crosscheck.run.TargetProbe;
import io.crosscheck.run.WanRun;
import io.crosscheck.run.WorkloadRequest;
import io.crosscheck.wan.WanProfile;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code crosscheck run}: one seeded workload, one engine, one run directory. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs a seeded workload with an engine and writes a run directory (run.json, requests.csv,"
          + " latency.hlog, summary.json), then prints the summary.",
      "Every option is checked before any load starts; all problems are listed together."
    })
final class RunCommand implements Callable<Integer> {
  @Mixin WorkloadOptions workload = new WorkloadOptions();
  @Mixin EngineOptionsMixin engine = new EngineOptionsMixin();
  @Mixin OutputOptions output = new OutputOptions();
  @Mixin JvmOptions jvm = new JvmOptions();
  @Mixin ShardOptions shards = new ShardOptions();
  @Mixin WanOptions wan = new WanOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    List<Problem> problems = new ArrayList<>();
    RunJob job = check(problems);
    if (job == null) {
      return OutputOptions.reportProblems(spec, problems);
    }
    var err = spec.commandLine().getErr();
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    ChildRun.Ran ran;
    if (wan.requested() && output.into == null) {
      try {
        ran = new WanRun(WanProfile.parse(wan.profile), wan.profile, job.workload().seed(),
            workload.request(spec.commandLine().getParseResult()).served(), jvm.choice(), output.runOutput(), args)
            .run(RunJob.Stage.NONE, System.out);
      } catch (IOException e) {
        // the network, the server or the generator's JVM could not start: nothing was loaded
        err.println("crosscheck run: " + e.getMessage());
        err.flush();
        return e instanceof InterruptedIOException ? RunJob.EXIT_INTERRUPTED : 2;
      }
    } else {
      job.layouts(engine.request().layoutChoice(false));
      job.shard(shards.shardSpec()).startAt(shards.startInstant());
      if (!resolve(job, output, spec) || output.into == null && !probe(job, spec)) {
        return 2;
      }
      if (jvm.requested() && !shards.orchestrates()) {
        return ChildRun.execute(jvm.choice(), args, output.runOutput(), job.workload().target(), RunJob.Stage.NONE,
            System.out).exitCode();
      }
      if (!shards.orchestrates()) {
        RunJob.Result result = job.execute(output.progress, System.out);
        FailedRun.print(err, spec.qualifiedName(), result.directory(), result.status());
        return result.exitCode();
      }
      ran = ShardRun.execute(shards.shards, shards.startInstant(), job.workload().phases().totalNanos(),
          job.warmsUp(), jvm.choice(), args, job.workload().target(), "run", output.runOutput(), RunJob.Stage.NONE,
          System.out);
    }
    FailedRun.print(err, spec.qualifiedName(), ran.directory(), ran.exitCode() == 0 ? "completed" : "failed");
    return ran.exitCode();
  }


  /**
   * Every option of this run checked together (the JVM, the shard and the {@link #prepare} options): the
   * job, or null after adding every problem to {@code problems} (empty on entry). {@code crosscheck k8s}
   * checks its run options with it too.
   */
  RunJob check(List<Problem> problems) {
    List<Problem> extra = new ArrayList<>();
    jvm.check(extra);
    shards.check(extra, engine.sourceAddresses != null);
    wan.check(spec.commandLine().getParseResult(), engine, extra);
    return prepare(workload, engine, output, spec, extra, problems);
  }

  /**
   * The job's target resolved once, at the job's start (the one place every command goes through:
   * run, audit, replay, matrix with --target, and each shard): the address is printed ({@code
   * crosscheck: target http://server:8080 = 127.0.9.2:8080 (resolved once; ...)}), set on the job
   * (every connection of the engine goes there; run.json's {@code workload.targetAddress}), and
   * handed to a child JVM as {@code --target-address}, which a child takes instead of resolving
   * again. False after one line on stderr ({@code no such host: ...}) when the name did not resolve.
   */
  static boolean resolve(RunJob job, OutputOptions output, CommandLine.Model.CommandSpec spec) {
    return TargetProbe.resolve(job, output.targetAddress, spec.commandLine().getErr(), spec.qualifiedName());
  }

  /**
   * One connect to the job's (resolved) target before any load ({@link TargetProbe#probe}). Skipped
   * for a job written into a given directory (a child JVM's: its parent probed).
   */
  static boolean probe(RunJob job, CommandLine.Model.CommandSpec spec) {
    return TargetProbe.probe(job, spec.commandLine().getErr(), spec.qualifiedName());
  }

  /**
   * Checks the workload, engine and any {@code extra} problems together; returns the job, or null
   * after listing every problem on stderr (nothing was started).
   */
  static RunJob prepare(WorkloadOptions workload, EngineOptionsMixin engine, OutputOptions output,
      CommandLine.Model.CommandSpec spec, List<Problem> extra) {
    List<Problem> problems = new ArrayList<>();
    RunJob job = prepare(workload, engine, output, spec, extra, problems);
    if (job == null) {
      OutputOptions.reportProblems(spec, problems);
    }
    return job;
  }

  /**
   * {@link #prepare(WorkloadOptions, EngineOptionsMixin, OutputOptions, CommandLine.Model.CommandSpec, List)}
   * without the report: the job, or null after adding every problem to {@code problems} (empty on entry).
   */
  static RunJob prepare(WorkloadOptions workload, EngineOptionsMixin engine, OutputOptions output,
      CommandLine.Model.CommandSpec spec, List<Problem> extra, List<Problem> problems) {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    return output.request(workload.request(parsed), engine.request(), parsed.originalArgs()).prepare(extra, problems);
  }

  /** Where and how runs are written and shown; shared by {@code run} and {@code demo}. */
  static final class OutputOptions {
    @Option(
        names = "--out",
        paramLabel = "DIR",
        description = "Directory under which run directories are created. Default: ${DEFAULT-VALUE}.")
    Path out = Path.of("runs");

    @Option(
        names = "--name",
        paramLabel = "NAME",
        description = "Suffix of the run directory's name. Default: ${DEFAULT-VALUE}.")
    String name = "run";

    @Option(names = "--telemetry-period", paramLabel = "DURATION",
        description = "How often the generator JVM's threads, heap, GC and CPU are sampled into"
            + " telemetry.csv; 0 records no telemetry. Default: ${DEFAULT-VALUE}.")
    String telemetryPeriod = "100ms";

    @Option(names = "--telemetry-pauses", paramLabel = "SOURCE",
        description = "Where telemetry takes individual GC pauses from: jmx (GC notifications, 1 ms"
            + " resolution, cheap), jfr (JFR jdk.GCPhasePause, exact, but starting JFR costs"
            + " ~0.6-0.9 s of CPU per run), off. Default: ${DEFAULT-VALUE}.")
    String telemetryPauses = "jmx";

    @Option(names = "--into", paramLabel = "DIR", hidden = true,
        description = "Write the run into this existing, empty directory (used for child JVMs).")
    Path into;

    @Option(names = "--target-address", paramLabel = "IP", hidden = true,
        description = "The address the parent process resolved --target's name to (used for child JVMs): taken"
            + " as the target's address instead of resolving the name again.")
    String targetAddress;

    @Option(
        names = "--progress",
        paramLabel = "MODE",
        description = "One-line progress display: auto (when on a terminal), on, off. Default: ${DEFAULT-VALUE}.")
    String progress = "auto";

    @Option(names = "--stall-warning", paramLabel = "DURATION",
        description = "When no exchange completes for this long while requests are in flight, print one line on"
            + " stderr saying what is stuck (in flight, on how many connections, the oldest for how long, the last"
            + " completion), and again every such period while it lasts. Default: ${DEFAULT-VALUE}.")
    String stallWarning = "10s";

    @Option(names = "--stall-timeout", paramLabel = "DURATION",
        description = "Stop the load (an audited generator: its JVM, with SIGTERM) when no exchange has completed"
            + " for this long while requests are in flight; the run directory is finished with status stalled and"
            + " the exit code is 5. 0: never. Default: ${DEFAULT-VALUE}.")
    String stallTimeout = "0";

    /** --out, --name and --progress as the run package takes them. */
    io.crosscheck.run.RunOutput runOutput() {
      return new io.crosscheck.run.RunOutput(out, name, progress);
    }

    /** --stall-warning and --stall-timeout, checked; null after adding the problems to {@code problems}. */
    StallLimits stallLimits(List<Problem> problems) {
      return StallLimits.parse(stallWarning, stallTimeout, problems);
    }

    /** The options as the run package takes them, with the workload's and the engine's. */
    RunRequest request(WorkloadRequest workload, EngineRequest engine, List<String> command) {
      return new RunRequest(workload, engine, out, name, into, telemetryPeriod, telemetryPauses, stallWarning,
          stallTimeout, command);
    }

    static int reportProblems(CommandLine.Model.CommandSpec spec, List<Problem> problems) {
      var err = spec.commandLine().getErr();
      err.println("crosscheck " + spec.name() + ": the workload was not started:");
      for (Problem p : problems) {
        err.println("  " + p.message());
      }
      err.println("See: crosscheck " + spec.name() + " --help");
      return 2;
    }
  }
}
