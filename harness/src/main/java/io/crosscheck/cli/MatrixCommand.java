package io.crosscheck.cli;

import io.crosscheck.audit.GeneratorAudit;
import io.crosscheck.audit.GeneratorSpec;
import io.crosscheck.audit.LiveAudit;
import io.crosscheck.matrix.ChildAudit;
import io.crosscheck.matrix.MatrixJvm;
import io.crosscheck.matrix.MatrixRequest;
import io.crosscheck.matrix.MatrixResume;
import io.crosscheck.matrix.MatrixRun;
import io.crosscheck.matrix.MatrixSite;
import io.crosscheck.matrix.OptionSet;
import io.crosscheck.model.Target;
import io.crosscheck.model.TargetResolution;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.ChildRun;
import io.crosscheck.run.RunJob;
import io.crosscheck.rundir.MatrixJson;
import io.crosscheck.rundir.RunDirectory;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code crosscheck matrix}: one seeded workload audited across JVMs × JVM option sets × user
 * levels, every cell in a fresh child JVM under the live capture, each into its own run directory
 * inside one matrix directory (matrix.json beside them); or, with {@code --search}, a scalability
 * search per JVM and option set ({@code MatrixSearch}). Checks every option before any load starts;
 * the cells themselves run in {@link MatrixRun}.
 */
@Command(
    name = "matrix",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Audits one seeded workload (the workload and engine options as for 'audit', --rubis or --tpcw MIX) across"
          + " JVMs (--jvm, repeatable) x JVM option sets (--jvm-opts, repeatable) x user levels (--users"
          + " 10,20,40). Every cell runs the generator in a fresh child JVM on the identical schedule under"
          + " the live capture, into its own run directory DIR/<cell> (e.g. jdk17-xint-u20) with findings.json;"
          + " DIR/matrix.json (schema crosscheck-matrix/1) is rewritten atomically after every cell. Progress:"
          + " 'cell k of n (...), ETA mm:ss'. At the end a table of every cell.",
      "With a command after -- (as 'audit' takes it), audits an unmodified Java generator with the agent in"
          + " every cell instead: its java launcher is replaced by the cell's JVM's bin/java with the set's"
          + " options after it, and {users}, {host}, {port}, {server} (HOST:PORT), {target} (http://HOST:PORT)"
          + " in its arguments by the cell's values; --server names its target (default: the embedded server,"
          + " RUBiS with --rubis, the TPC-W bookstore with --tpcw MIX); --reported-by, --reported-value, --hooks, --no-agent as for 'audit'. Each"
          + " cell's run directory is then DIR/<cell>/<stamp>-run.",
      "  crosscheck matrix --rubis --reported-by edu.rice.rubis.client.UserSession#callHTTPServer --users 10,20"
          + " --jvm-opts default --jvm-opts -Xint -- java -cp client.jar my.Client {target} {users}",
      "Without --target the embedded server runs in this process on 127.0.0.1 (an ephemeral port) for the"
          + " matrix's duration: the RUBiS auction site with --rubis, the TPC-W bookstore with --tpcw (its -CUST and"
          + " -ITEM), else the generic server. A TPC-W matrix takes its levels from --users, not -EB.",
      "Resumable: run again with the same --out (or --into) DIR and every cell whose run directory holds"
          + " the findings of a completed run is skipped ('cell k of n skipped: already done'); an"
          + " unfinished cell's directory is removed and the cell run again.",
      "--search: per JVM and option set, raise the users from --start-users: double while every step"
          + " holds (capped at --max-users), then bisect between the largest level that held and the"
          + " smallest that failed until they are within 1/8 of the held level (or 1 user), at most"
          + " --max-steps steps. A step fails when its absolute error (reported mean minus wire mean) is"
          + " beyond --max-abs-error, the generator hit a limit (generator-error kinds threads,"
          + " file-descriptors, local-ports, client-limit...; OutOfMemoryError in child.out), its CPU"
          + " saturated (findings clientHost.cpuSaturated, or without it a mean >= 90 %% of the cores), or the"
          + " cell did not complete. Reports the largest N that held and why the next failed.",
      "The default bound, 1ms, is chosen for this 2-core host from bench/matrix.sh (legacy-urlconnection"
          + " --timing nanos on the embedded RUBiS server, think x0.02, 2 s ramp-up + 8 s cells): the default JIT"
          + " showed 0.20..0.83 ms of absolute error at 10..40 users on JDK 17 and Temurin 25 (two runs), -Xint 1.6..18.5 ms:"
          + " 1 ms sits above every default cell and below every -Xint cell. Shorter cells carry more of the"
          + " cold JIT (up to 1.5 ms at 20 users in 1 s + 2 s cells): give them a longer --ramp-up or a larger"
          + " bound. Use --timing nanos with a legacy engine: millisecond timing alone adds up to +-500 us.",
      "The capture needs root or CAP_NET_RAW. Exit codes: 0 every cell completed; 1 a cell failed or fell"
          + " below the matching floor (matrix.json says which); 2 bad usage (nothing started);"
          + " 130 interrupted (the current cell ends as interrupted; matrix.json says so).",
      "  crosscheck matrix --rubis --engine legacy-urlconnection --timing nanos --duration 8s"
          + " --jvm /usr/lib/jvm/java-17-openjdk-amd64 --jvm /usr/lib/jvm/temurin-25-jdk-amd64"
          + " --jvm-opts default --jvm-opts -Xint --jvm-opts \"-Xmx64m -XX:+UseSerialGC\" --users 10,20,40"
    })
final class MatrixCommand implements Callable<Integer> {
  @Mixin WorkloadOptions workload = new WorkloadOptions();
  @Mixin EngineOptionsMixin engine = new EngineOptionsMixin();
  @Mixin AuditCommand.CaptureOptions capture = new AuditCommand.CaptureOptions();
  @Mixin GeneratorOptions generator = new GeneratorOptions();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--jvm", paramLabel = "JAVA_HOME",
      description = "A Java home (release 17 or later) whose JVM runs the generator, repeatable. Default: this JVM.")
  List<Path> jvms = new ArrayList<>();

  @Option(names = "--jvm-opts", paramLabel = "OPTIONS",
      description = "One set of JVM options for the child, split on spaces, repeatable: default (or empty)"
          + " = none, -Xint, \"-Xmx64m -XX:+UseSerialGC\", -XX:TieredStopAtLevel=1, -XX:+UseZGC. The engine"
          + " option --virtual-threads counts as a set too, written virtual-threads (--jvm-opts virtual-threads:"
          + " picocli reads --virtual-threads as the option itself); JDK 21+ only."
          + " Default: default.")
  List<String> optSets = new ArrayList<>();

  @Option(names = {"--out", "--into"}, paramLabel = "DIR",
      description = "The matrix directory; an existing one is resumed. Default: runs/matrix-yyyyMMdd-HHmmss.")
  Path out;

  @Option(names = "--search", description = "Scalability search instead of the --users grid (see above).")
  boolean search;

  @Option(names = "--max-abs-error", paramLabel = "DURATION",
      description = "--search: the bound on the absolute error (reported mean minus wire mean). Default: ${DEFAULT-VALUE}.")
  String maxAbsError = "1ms";

  @Option(names = "--start-users", paramLabel = "N", description = "--search: the first level. Default: ${DEFAULT-VALUE}.")
  int startUsers = 10;

  @Option(names = "--max-users", paramLabel = "N", description = "--search: the highest level tried. Default: ${DEFAULT-VALUE}.")
  int maxUsers = 640;

  @Option(names = "--max-steps", paramLabel = "N",
      description = "--search: at most this many steps (cells) per JVM and option set. Default: ${DEFAULT-VALUE}.")
  int maxSteps = 8;

  /** Options this command handles itself; the children get every other option as typed. */
  static final Set<String> MATRIX_ONLY = Set.of("--jvm", "--jvm-opts", "--out", "--into", "--users", "--target",
      "--max-abs-error", "--start-users", "--max-users", "--max-steps", "--interface", "--snaplen",
      "--capture-buffer", "--min-matched", "--progress", "--name");
  static final Set<String> MATRIX_FLAGS = Set.of("--search");
  @Override
  public Integer call() throws Exception {
    List<Problem> problems = new ArrayList<>();
    capture.check(problems);
    List<Integer> levels = userLevels(problems);
    List<MatrixJvm> jvmList = MatrixJvm.inspect(jvms, problems);
    List<OptionSet> sets = OptionSet.parse(optSets, problems);
    problems.addAll(OptionSet.problems(sets, jvmList));
    double boundMicros = Double.NaN;
    if (search) {
      try {
        boundMicros = Durations.parseNanos(maxAbsError) / 1000.0;
        if (!(boundMicros > 0)) {
          throw new IllegalArgumentException();
        }
      } catch (IllegalArgumentException e) {
        problems.add(new Problem("--max-abs-error", maxAbsError, "a duration > 0 with a unit, e.g. 1ms or 500us"));
      }
      if (startUsers < 1 || maxUsers < startUsers) {
        problems.add(new Problem("--start-users/--max-users", startUsers + "/" + maxUsers, "1 <= start <= max"));
      }
      if (maxSteps < 1 || maxSteps > 50) {
        problems.add(new Problem("--max-steps", String.valueOf(maxSteps), "1..50"));
      }
      if (spec.commandLine().getParseResult().hasMatchedOption("--users")) {
        problems.add(new Problem("--users", workload.users, "no --users with --search (it chooses the levels:"
            + " --start-users, --max-users)"));
      }
      levels = List.of(startUsers);
    }
    if (generator.requested()) {
      return commandForm(problems, jvmList, sets, levels, boundMicros);
    }
    for (String o : GENERATOR_ONLY) {
      if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
        problems.add(new Problem(o, "given", "a generator's command after -- (it applies to an audited generator)"));
      }
    }
    // the workload and engine are checked as 'run' checks them, at the first level
    String typedUsers = workload.users;
    workload.users = levels.isEmpty() ? "1" : String.valueOf(levels.get(0));
    RunCommand.OutputOptions output = new RunCommand.OutputOptions();
    RunJob job = RunCommand.prepare(workload, engine, output, spec, problems);
    workload.users = typedUsers;
    if (job == null) {
      return 2;
    }
    boolean ownServer = !spec.commandLine().getParseResult().hasMatchedOption("--target");
    if (!ownServer) {
      if (!RunCommand.resolve(job, output, spec)) {
        return 2;
      }
      Problem wrongInterface = capture.interfaceProblem(job.workload().target());
      if (wrongInterface != null) {
        return RunCommand.OutputOptions.reportProblems(spec, List.of(wrongInterface));
      }
      if (!RunCommand.probe(job, spec)) {
        return 2;
      }
    }
    Path dir = matrixDir();
    List<String> childArgs = childArgs(spec.commandLine().getParseResult().originalArgs());
    PrintStream console = System.out;
    String targetKind = !ownServer ? "given --target" : siteKind().description();
    MatrixJson.Workload description = MatrixJson.Workload.builder().engine(engine.engine)
        .workload(workload.rubis != null ? "rubis" + (workload.rubis.isEmpty() ? " (default bidding mix)"
            : " " + workload.rubis) : workload.tpcw != null ? "tpcw " + workload.tpcw : workload.arrival)
        .seed(job.workload().seed()).phases(job.workload().phases().rampUpNanos(),
            job.workload().phases().measureNanos(), job.workload().phases().rampDownNanos())
        .target(targetKind).childArguments(childArgs).build();
    List<Problem> resume = MatrixResume.problems(dir, description); // before the server starts
    if (!resume.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, resume);
    }
    try (MatrixSite site = ownServer ? startSite() : null) {
      Target target = ownServer ? new Target("127.0.0.1", site.port()) : job.workload().target();
      if (ownServer) {
        console.println("crosscheck matrix: " + targetKind + " on http://127.0.0.1:" + target.port());
      }
      return new MatrixRun(dir, MatrixRun.ownEngine(target, childAudit(capture), childArgs), description, console)
          .run(request(jvmList, sets, levels, boundMicros));
    }
  }

  private Path matrixDir() {
    return out != null ? out : Path.of("runs", "matrix-" + LocalDateTime.now().format(
        DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
  }

  /** Options of an audited generator only. */
  static final List<String> GENERATOR_ONLY = List.of("--server", "--reported-by", "--reported-value", "--hooks",
      "--no-agent");
  /**
   * Options a matrix of an audited generator takes (--rubis, --tpcw: serve the RUBiS site or the TPC-W
   * bookstore, not the generic server).
   */
  static final Set<String> COMMAND_FORM_OPTIONS = Set.of("--jvm", "--jvm-opts", "--users", "--out", "--into",
      "--search", "--max-abs-error", "--start-users", "--max-users", "--max-steps", "--interface", "--snaplen",
      "--capture-buffer", "--min-matched", "--server", "--reported-by", "--reported-value", "--hooks", "--no-agent",
      "--rubis", "--tpcw", "--debug");

  /**
   * {@code matrix [OPTIONS] -- java ... {users} ...}: an unmodified Java generator audited with the
   * agent in every cell ({@link GeneratorAudit}): its java launcher replaced by the cell's JVM's
   * bin/java with the set's options after it, and the placeholders {users}, {host}, {port},
   * {server} (HOST:PORT) and {target} (http://HOST:PORT) replaced in its arguments.
   */
  private int commandForm(List<Problem> problems, List<MatrixJvm> jvmList, List<OptionSet> sets,
      List<Integer> levels,
      double boundMicros) throws Exception {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
      if (!COMMAND_FORM_OPTIONS.contains(o.longestName())) {
        problems.add(new Problem(o.longestName(), "given", "no workload, engine or --pid option with a generator's"
            + " command (the generator runs its own workload; --server names its target)"));
      }
    }
    for (OptionSet s : sets) {
      if (!s.engineOpts().isEmpty()) {
        problems.add(new Problem("--jvm-opts", s.label(), "JVM options only with a generator's command (the engine"
            + " option is crosscheck's own engine's)"));
      }
    }
    boolean usersPlaceholder = generator.command.stream().anyMatch(a -> a.contains("{users}"));
    if (!usersPlaceholder && (levels.size() > 1 || search)) {
      problems.add(new Problem("COMMAND", String.join(" ", generator.command), "a {users} placeholder where the"
          + " generator takes its number of users: every level would otherwise run the same load"));
    }
    boolean ownServer = !parsed.hasMatchedOption("--server");
    String serverGiven = generator.server;
    GeneratorOptions probe = copyFor(generator, ownServer ? "127.0.0.1:1" : serverGiven,
        MatrixRequest.substitute(generator.command, levels.isEmpty() ? 1 : levels.get(0), "127.0.0.1", 1));
    GeneratorSpec probed = probe.check(null, List.of(), matrixDir(), problems);
    if (!problems.isEmpty()) {
      var err = spec.commandLine().getErr();
      err.println("crosscheck matrix: nothing was started:");
      problems.forEach(p -> err.println("  " + p.message()));
      err.println("See: crosscheck matrix --help");
      return 2;
    }
    // the given server's name resolved once, for every cell (the capture filter names that address)
    TargetResolution given = ownServer ? null : TargetResolution.resolve(probed.target());
    if (given != null && given.failed()) {
      spec.commandLine().getErr().println("crosscheck matrix: --server " + probed.server() + ": " + given.failure()
          + "; expected HOST:PORT with a host that resolves (nothing was started)");
      spec.commandLine().getErr().flush();
      return 2;
    }
    if (given != null) {
      System.out.println("crosscheck matrix: " + given.describe().replaceFirst("^target http://", "server "));
    }
    Path dir = matrixDir();
    String targetKind = !ownServer ? "given --server" : siteKind().description();
    MatrixJson.Workload description = MatrixJson.Workload.builder().engine(generator.noAgent ? "no-agent" : "agent")
        .generator(generator.command, generator.reportedBy != null ? "reportedBy=" + generator.reportedBy
            : generator.reportedValue != null ? "reportedValue=" + generator.reportedValue : null)
        .target(targetKind).build();
    List<Problem> resume = MatrixResume.problems(dir, description); // before the server starts
    if (!resume.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, resume);
    }
    try (MatrixSite site = ownServer ? startSite() : null) {
      String host = ownServer ? "127.0.0.1" : serverGiven.substring(0, serverGiven.lastIndexOf(':'));
      int port = ownServer ? site.port() : Integer.parseInt(serverGiven.substring(serverGiven.lastIndexOf(':') + 1));
      if (ownServer) {
        System.out.println("crosscheck matrix: " + targetKind + " on http://127.0.0.1:" + port);
      }
      MatrixRun.CellAudit audit = (jvm, set, users, cellDir, log) -> {
        List<String> command = MatrixRequest.cellCommand(generator.command, jvm, set, users, host, port);
        List<Problem> none = new ArrayList<>();
        GeneratorSpec checked = copyFor(generator, host + ":" + port, command).check(null, List.of(), cellDir,
            none);
        if (checked == null) {
          log.println("crosscheck matrix: " + none);
          return new MatrixRun.Audited(2, cellDir);
        }
        RunCommand.OutputOptions output = new RunCommand.OutputOptions();
        output.out = cellDir;
        output.progress = "off";
        List<String> crosscheckCommand = new ArrayList<>(List.of("crosscheck", "matrix"));
        crosscheckCommand.addAll(parsed.originalArgs());
        Target serverResolved = given != null ? given.target() : TargetResolution.resolve(checked.target()).target();
        int exit = new GeneratorAudit(checked, serverResolved, capture.settings(), output.runOutput(),
            crosscheckCommand, 100, log, log).run();
        Path runDir = MatrixRun.runDirOf(cellDir);
        return new MatrixRun.Audited(exit, runDir == null ? cellDir : runDir);
      };
      return new MatrixRun(dir, audit, description, System.out).run(request(jvmList, sets, levels, boundMicros));
    }
  }

  /** The matrix the options ask for: the grid of {@code levels}, or the search its options bound. */
  private MatrixRequest request(List<MatrixJvm> jvmList, List<OptionSet> sets, List<Integer> levels,
      double boundMicros) {
    return new MatrixRequest(jvmList, sets, levels, search
        ? new MatrixRequest.Search(boundMicros, startUsers, maxUsers, maxSteps) : null);
  }

  private static GeneratorOptions copyFor(GeneratorOptions g, String server, List<String> command) {
    GeneratorOptions c = new GeneratorOptions();
    c.command = new ArrayList<>(command);
    c.server = server;
    c.reportedBy = g.reportedBy;
    c.reportedValue = g.reportedValue;
    c.hooks = g.hooks;
    c.noAgent = g.noAgent;
    return c;
  }

  /** The embedded site a matrix without a target serves from ({@link MatrixSite}). */
  private MatrixSite.Kind siteKind() {
    return workload.rubis != null ? MatrixSite.Kind.RUBIS : workload.tpcw != null ? MatrixSite.Kind.TPCW
        : MatrixSite.Kind.GENERIC;
  }

  private MatrixSite startSite() throws Exception {
    return MatrixSite.start(siteKind(), workload.tpcwCust != null ? workload.tpcwCust : 1000,
        workload.tpcwItem != null ? workload.tpcwItem : 10000);
  }

  /** {@code --users 10,20,40}: ascending whole numbers > 0. */
  private List<Integer> userLevels(List<Problem> problems) {
    List<Integer> levels = new ArrayList<>();
    for (String part : workload.users.split(",", -1)) {
      try {
        int n = Integer.parseInt(part.strip());
        if (n < 1) {
          throw new NumberFormatException();
        }
        if (!levels.contains(n)) {
          levels.add(n);
        }
      } catch (NumberFormatException e) {
        problems.add(new Problem("--users", workload.users, "user levels: whole numbers > 0 separated by commas,"
            + " e.g. 10,20,40"));
        return List.of();
      }
    }
    levels.sort(null);
    return levels;
  }



  /**
   * The audit of a cell of crosscheck's own engines: {@code crosscheck run ARGS --target URL --into
   * CELL_DIR} in a child JVM under this process's live capture ({@code capture}'s settings), then
   * compared (the JVM matrix's cells and the flash-crowd study's).
   */
  static ChildAudit childAudit(AuditCommand.CaptureOptions capture) {
    return (target, javaHome, jvmOpts, runArgs, cellDir, log) -> {
      List<String> args = new ArrayList<>(runArgs);
      args.addAll(List.of("--target", target.toString(), "--into", cellDir.toString(), "--progress", "off"));
      args.addAll(ChildRun.targetAddress(target));
      LiveAudit.Runner runner = stage -> {
        ChildRun.Ran r = ChildRun.executeInto(RunDirectory.existing(cellDir), javaHome, jvmOpts, args, stage, null);
        if (Thread.currentThread().isInterrupted()) {
          throw new InterruptedIOException("interrupted: the child JVM was stopped");
        }
        return r;
      };
      return new MatrixRun.Audited(LiveAudit.audit(runner, target, capture.settings(), log).exitCode(), cellDir);
    };
  }

  /** The original arguments without the subcommand and this command's own options, as {@code run}'s. */
  static List<String> childArgs(List<String> original) {
    List<String> args = new ArrayList<>();
    args.add("run");
    // no --layout-default=accurate: the cells' server runs in this process, which the cell's pinning
    // cannot move off the loop's core; a spinning loop sharing a core with it measured 1-2 ms of
    // receive lag (bench/RESULTS.md, legacy section), so cells keep run's shared layout
    return ChildRun.appendWithout(args, original, MATRIX_ONLY, MATRIX_FLAGS);
  }
}
