package io.crosscheck.cli;

import io.crosscheck.run.RunJob;
import java.util.ArrayList;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code crosscheck replay RUN_DIR --engine E}: {@code run --replay RUN_DIR} under its own name. The
 * sessions a run recorded (an engine's, or an agent's audit of another generator) are re-run with
 * any engine, each at its recorded start instant, with its request sequence and think times.
 */
@Command(
    name = "replay",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Re-runs the sessions RUN_DIR recorded with an engine and writes a new run directory: each session"
          + " starts at its recorded start instant (relative to the first session's), sends its recorded"
          + " request sequence (methods and targets, in sequence order, requests the generator never sent"
          + " included) and thinks as recorded between a reply's end and the next request.",
      "RUN_DIR may be any run: one of crosscheck's engines, or an agent's audit of another generator (its"
          + " threads' sequences become the sessions). The new run.json names the run it replays"
          + " (workload.replayOf). Same as: crosscheck run --replay RUN_DIR; under capture: crosscheck audit"
          + " --replay RUN_DIR.",
      "Exit codes as run: 0 completed, 1 the run failed, 2 bad usage or an unreadable RUN_DIR (named, with"
          + " its file:line), 130 interrupted."
    })
final class ReplayCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "RUN_DIR", description = "The recorded run directory.")
  String runDir;

  @Option(names = "--target", paramLabel = "URL",
      description = "Server to load: http://HOST:PORT, HOST a DNS name, an IPv4 or an IPv6 address in brackets"
          + " (resolved once, at the start). Default: the recorded run's target.")
  String target;

  @Mixin EngineOptionsMixin engine = new EngineOptionsMixin();
  @Mixin RunCommand.OutputOptions output = new RunCommand.OutputOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    WorkloadOptions workload = new WorkloadOptions();
    workload.replay = runDir;
    if (target != null) {
      workload.target = target;
    }
    if (!spec.commandLine().getParseResult().hasMatchedOption("--name")) {
      output.name = "replay";
    }
    RunJob job = RunCommand.prepare(workload, engine, output, spec, new ArrayList<>());
    if (job != null) {
      job.layouts(engine.request().layoutChoice(false));
    }
    if (job == null) {
      return 2;
    }
    if (!RunCommand.resolve(job, output, spec) || output.into == null && !RunCommand.probe(job, spec)) {
      return 2;
    }
    RunJob.Result result = job.execute(output.progress, System.out);
    io.crosscheck.run.FailedRun.print(spec.commandLine().getErr(), spec.qualifiedName(), result.directory(), result.status());
    return result.exitCode();
  }
}
