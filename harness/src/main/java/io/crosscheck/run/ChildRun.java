package io.crosscheck.run;

import io.crosscheck.child.ChildJvm;
import io.crosscheck.child.ChildProcess;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs the generator of a {@code run} or {@code audit} in a child JVM ({@code --jvm}, {@code
 * --jvm-opt}) while this process keeps what must not share the generator's JVM: the run directory's
 * creation, the stage around the load (the live capture) and, afterwards, the comparison. The child
 * is {@code crosscheck run} with the same workload and engine options, writing into the directory
 * this process created ({@code --into}); its output is copied here and kept in {@code child.out}.
 * Ctrl-C here stops the child with SIGTERM, which finishes its run directory as interrupted.
 */
public final class ChildRun {
  /** The command line's entry point, which every child JVM runs (named, not imported: cli depends on run). */
  public static final String MAIN_CLASS = "io.crosscheck.cli.Main";
  /** Options that this process handles and the child must not see (all take a value). */
  private static final Set<String> PARENT_ONLY = Set.of("--jvm", "--jvm-opt", "--out", "--name", "--progress",
      "--into", "--interface", "--snaplen", "--capture-buffer", "--target-address");

  private ChildRun() {}

  /** The child's run: its directory and the exit code of {@code crosscheck run} in the child. */
  public record Ran(Path directory, int exitCode) {}

  public static Ran execute(JvmChoice jvm, List<String> originalArgs, RunOutput output,
      io.crosscheck.model.Target target, RunJob.Stage stage, PrintStream out) throws IOException {
    RunDirectory dir = RunDirectory.create(output.outBase(), output.name());
    out.println("crosscheck: run directory " + dir.path() + " (generator in a child JVM: " + jvm.home() + ")");
    List<String> args = childArgs(originalArgs);
    args.addAll(List.of("--into", dir.path().toString(), "--progress", output.childProgressMode()));
    args.addAll(targetAddress(target));
    return executeInto(dir, jvm.home(), jvm.options(), args, stage, out);
  }

  /**
   * {@code --target-address A}: the address this process resolved the target to, once, which the
   * child takes instead of resolving the name again; empty for a target not resolved.
   */
  public static List<String> targetAddress(io.crosscheck.model.Target target) {
    return target.address() == null ? List.of() : List.of("--target-address", target.addressLiteral());
  }

  /**
   * Runs {@code crosscheck ARGS} (a {@code run} writing {@code --into} {@code dir}) in a child JVM of
   * {@code home} with {@code jvmOpts}, the stage around it; the child's output goes to child.out and,
   * when {@code copyTo} is not null, to {@code copyTo} as well. Shared with {@code matrix}.
   */
  public static Ran executeInto(RunDirectory dir, java.nio.file.Path home, List<String> jvmOpts, List<String> args,
      RunJob.Stage stage, PrintStream copyTo) throws IOException {
    return executeInto(dir, home, jvmOpts, args, stage, copyTo, List.of());
  }

  /**
   * As {@link #executeInto(RunDirectory, Path, List, List, RunJob.Stage, PrintStream)}, the child JVM
   * started under {@code commandPrefix} (e.g. {@code ip netns exec NS}: {@code --wan}'s client namespace).
   */
  public static Ran executeInto(RunDirectory dir, java.nio.file.Path home, List<String> jvmOpts, List<String> args,
      RunJob.Stage stage, PrintStream copyTo, List<String> commandPrefix) throws IOException {
    ChildJvm.Builder builder = ChildJvm.builder(home).jvmOpts(jvmOpts).commandPrefix(commandPrefix)
        .job(dir.path().resolve("child-job.json"), MAIN_CLASS, args)
        .outputFile(dir.path().resolve("child.out"));
    ChildJvm child = (copyTo == null ? builder : builder.copyOutputTo(copyTo)).build();
    stage.beforeLoad(dir);
    int code;
    ChildProcess process = child.start();
    Thread hook = new Thread(() -> stopQuietly(process), "crosscheck-child-stop");
    try {
      Runtime.getRuntime().addShutdownHook(hook);
    } catch (IllegalStateException e) {
      // Ctrl-C came first: no hook can be added, so the wait below is interrupted and stops the child
      Thread.currentThread().interrupt();
    }
    try {
      code = awaitOrStop(process);
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // shutting down: the hook stops the child
      }
      stage.afterLoad(dir);
    }
    recordJvm(dir.path(), child);
    return new Ran(dir.path(), code);
  }

  /**
   * The child's exit code; when this thread is interrupted while waiting, the child is stopped
   * ({@link #stopQuietly}) and the thread's interrupt flag is left set for the caller to see.
   */
  public static int awaitOrStop(ChildProcess process) {
    try {
      return process.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return stopQuietly(process);
    }
  }

  /** SIGTERM, a grace period, then SIGKILL; the exit code, or 130 when interrupted meanwhile. */
  private static int stopQuietly(ChildProcess process) {
    try {
      return process.stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 130;
    }
  }

  /** The original arguments without the subcommand and the parent-only options, as {@code run}. */
  public static List<String> childArgs(List<String> original) {
    List<String> out = new ArrayList<>();
    out.add("run");
    if (!original.isEmpty() && "audit".equals(original.get(0))) {
      out.add("--layout-default=accurate"); // the child's run lays out as the audit would have
    }
    return appendWithout(out, original, PARENT_ONLY, Set.of());
  }

  /**
   * Appends {@code original} without its subcommand (the first argument) and without the options
   * in {@code valued} (with their value, as {@code --opt V} or {@code --opt=V}) and {@code flags}:
   * a parent's command line turned into its child's {@code run}. Returns {@code out}.
   */
  public static List<String> appendWithout(List<String> out, List<String> original, Set<String> valued, Set<String> flags) {
    for (int i = 1; i < original.size(); i++) {
      String a = original.get(i);
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (flags.contains(name)) {
        continue;
      }
      if (valued.contains(name)) {
        if (!a.contains("=")) {
          i++; // its value
        }
        continue;
      }
      out.add(a);
    }
    return out;
  }

  /** Adds the child JVM's description to run.json (written by the child), atomically. */
  private static void recordJvm(Path runDir, ChildJvm child) throws IOException {
    if (!Files.exists(runDir.resolve(RunFiles.RUN_JSON))) {
      return; // the child failed before writing it: child.out says why
    }
    RunFiles.writeRun(runDir, RunFiles.readRun(runDir).withGeneratorJvm(RunSections.generatorJvm(child)));
  }
}
