package io.crosscheck.cli;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.model.Workload;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.model.spec.SpecException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

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
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    RunJob job = prepare(workload, engine, output, spec, List.of());
    return job == null ? 2 : job.execute(output.progress, System.out).exitCode();
  }

  /**
   * Checks the workload, engine and any {@code extra} problems together; returns the job, or null
   * after listing every problem on stderr (nothing was started).
   */
  static RunJob prepare(WorkloadOptions workload, EngineOptionsMixin engine, OutputOptions output,
      CommandLine.Model.CommandSpec spec, List<Problem> extra) {
    List<Problem> problems = new ArrayList<>();
    EngineOptions options = engine.build(problems);
    Engine generator = engine.newEngine(problems);
    Workload w = null;
    try {
      w = workload.toSpec().build();
    } catch (SpecException e) {
      problems.addAll(0, e.problems());
    }
    problems.addAll(extra);
    if (!problems.isEmpty()) {
      OutputOptions.reportProblems(spec, problems);
      return null;
    }
    return new RunJob(w, generator, options, output.out, output.name,
        spec.commandLine().getParseResult().originalArgs());
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

    @Option(
        names = "--progress",
        paramLabel = "MODE",
        description = "One-line progress display: auto (when on a terminal), on, off. Default: ${DEFAULT-VALUE}.")
    String progress = "auto";

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
