package io.crosscheck.cli;

import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.RunJob;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * The {@code run} options of {@code crosscheck k8s} (the words after {@code --}), checked here by
 * the run command's own parser and checks ({@link RunCommand#check}), or by audit's with {@code k8s
 * --audit} (its capture options too), so that a bad option fails before
 * any manifest is written rather than in every pod of the cluster. Options that {@code k8s} sets
 * for each shard, or that mean nothing in a pod, are refused with the reason. The option holder of
 * those words ({@code @Parameters}), a mixin of {@code k8s}.
 */
final class K8sRunOptions {
  /** Options of run that k8s gives each shard itself, or that have no meaning in a pod, and why. */
  private static final List<Problem> RESERVED = List.of(
      Problem.stated("--shard", "set by crosscheck k8s for each pod (the Job's completion index / --shards)"),
      Problem.stated("--shards", "give --shards to k8s, before --: each pod runs one shard (--shard I/N), the Job"
          + " runs them all"),
      Problem.stated("--start-at", "set by crosscheck k8s (give --start-at or --start-in to k8s, before --)"),
      Problem.stated("--into", "set by crosscheck k8s: shard i writes /runs/NAME/shards/i on the shared volume"),
      Problem.stated("--out", "set by crosscheck k8s: the shards write on the shared volume (--out before -- names"
          + " the directory of the manifests)"),
      Problem.stated("--name", "give --name to k8s, before --: it names the Job and the run's directory"),
      Problem.stated("--source-address", "not needed on Kubernetes: each pod has its own IP address"),
      Problem.stated("--jvm", "the image's JVM runs each shard (its heap: --heap, before --)"));
  /** Options of audit that audit another generator, which the shards cannot: they run crosscheck's engines. */
  private static final List<Problem> NOT_SHARDED = List.of(
      Problem.stated("--pid", "the shards run crosscheck's own engines: an agent audit of another generator is not"
          + " sharded"),
      Problem.stated("--server", "the shards load the workload's --target with crosscheck's own engines"),
      Problem.stated("--reported-by", "an option of an agent audit of another generator, which is not sharded"),
      Problem.stated("--reported-value", "an option of an agent audit of another generator, which is not sharded"),
      Problem.stated("--hooks", "an option of an agent audit of another generator, which is not sharded"),
      Problem.stated("--no-agent", "an option of an agent audit of another generator, which is not sharded"));

  /**
   * The outcome of the check.
   *
   * @param problems what is wrong, one message each; empty when nothing
   * @param target the workload's target when the options were good, else null
   */
  record Checked(List<String> problems, Target target) {}

  @Parameters(paramLabel = "RUN_OPTION",
      description = "After --: the options of crosscheck run (workload, engine, target, ...), as run takes them.")
  List<String> runArgs = new ArrayList<>();

  /** Checks {@code runArgs} as {@code crosscheck run} options, all of them at once. */
  static Checked check(List<String> runArgs) {
    return check(runArgs, false);
  }

  /**
   * Checks {@code runArgs} as options of {@code crosscheck audit} ({@code audit} true: each shard
   * captures in its pod) or of {@code run}, all of them at once.
   */
  static Checked check(List<String> runArgs, boolean audit) {
    List<String> messages = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < runArgs.size(); i++) {
      String arg = runArgs.get(i);
      Problem reserved = reserved(arg, audit);
      if (reserved == null) {
        rest.add(arg);
        continue;
      }
      messages.add(reserved.message());
      if (!arg.contains("=") && !arg.equals("--no-agent")) {
        i++; // its value: each of them but --no-agent takes one
      }
    }
    CommandLine top = Main.commandLine();
    rest.add(0, audit ? "audit" : "run");
    for (Exception e : parseErrors(top, rest)) {
      List<String> like = e instanceof CommandLine.UnmatchedArgumentException u ? u.getSuggestions() : List.of();
      messages.add(e.getMessage() + (like.isEmpty() ? "" : " (did you mean " + String.join(" or ", like) + "?)"));
    }
    List<Problem> problems = new ArrayList<>();
    Target target = null;
    try {
      RunJob job = audit ? checkAudit(top.getSubcommands().get("audit").getCommand(), problems)
          : top.getSubcommands().get("run").<RunCommand>getCommand().check(problems);
      if (job != null) {
        target = job.workload().target();
      }
    } catch (RuntimeException e) {
      messages.add("the run options could not be checked: " + e);
    }
    problems.forEach(p -> messages.add(p.message()));
    return new Checked(List.copyOf(messages), messages.isEmpty() ? target : null);
  }

  /**
   * Parses {@code crosscheck ARGS} ({@code args} from the subcommand's name on) with {@code top}, as
   * picocli parses a subcommand with its parent, collecting the errors instead of throwing the first:
   * every one, the parent's first. {@code top}'s commands hold the parsed values afterwards.
   */
  static List<Exception> parseErrors(CommandLine top, List<String> args) {
    top.getCommandSpec().parser().collectErrors(true);
    top.getSubcommands().get(args.get(0)).getCommandSpec().parser().collectErrors(true);
    List<Exception> errors = new ArrayList<>();
    for (CommandLine.ParseResult p = top.parseArgs(args.toArray(String[]::new)); p != null; p = p.subcommand()) {
      errors.addAll(p.errors());
    }
    return errors;
  }

  /** Audit's checks of crosscheck's own load, as {@code audit} runs them before it starts (its capture options too). */
  private static RunJob checkAudit(AuditCommand command, List<Problem> problems) {
    if (command.generator.requested()) {
      problems.add(new Problem("--", String.join(" ", command.generator.command), "no generator command: the shards"
          + " run crosscheck's own engines (an agent audit of another generator is not sharded)"));
    }
    List<Problem> extra = new ArrayList<>();
    command.capture.check(extra);
    command.jvm.check(extra);
    command.shards.check(extra, command.engine.sourceAddresses != null);
    return RunCommand.prepare(command.workload, command.engine, command.output, command.spec, extra, problems);
  }

  private static Problem reserved(String arg, boolean audit) {
    String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
    for (Problem p : audit ? java.util.stream.Stream.concat(RESERVED.stream(), NOT_SHARDED.stream()).toList()
        : RESERVED) {
      if (p.where().equals(name)) {
        return p;
      }
    }
    return null;
  }
}
