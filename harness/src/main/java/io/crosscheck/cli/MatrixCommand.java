package io.crosscheck.cli;

import io.crosscheck.audit.GeneratorAudit;
import io.crosscheck.audit.GeneratorSpec;
import io.crosscheck.child.JavaInstallation;
import io.crosscheck.model.Target;
import io.crosscheck.model.TargetResolution;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.ChildRun;
import io.crosscheck.run.RunJob;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import io.crosscheck.spi.EmbeddedSite;
import io.crosscheck.spi.RubisSupport;
import io.crosscheck.spi.TpcwSupport;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code crosscheck matrix}: one seeded workload audited across JVMs × JVM option sets × user
 * levels, every cell in a fresh child JVM under the live capture, each into its own run directory
 * inside one matrix directory (matrix.json beside them); or, with {@code --search}, a scalability
 * search per JVM and option set ({@link MatrixSearch}). Checks every option before any load starts;
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
  /** Engine options an option set may hold (they go to the child's run, not to its JVM). */
  static final Set<String> ENGINE_SET_OPTIONS = Set.of("--virtual-threads");

  /** A JVM of the matrix: {@code shortLabel} names its cells (jdk17), {@code label} describes it. */
  record Jvm(Path home, String shortLabel, String label, int featureVersion) {}

  /** An option set: the JVM's options, the engine's, as typed, and its slug in cell names. */
  record OptSet(String label, List<String> jvmOpts, List<String> engineOpts, String slug) {}

  @Override
  public Integer call() throws Exception {
    List<Problem> problems = new ArrayList<>();
    capture.check(problems);
    List<Integer> levels = userLevels(problems);
    List<Jvm> jvmList = jvms(problems);
    List<OptSet> sets = optionSets(problems);
    for (OptSet s : sets) {
      for (Jvm j : jvmList) {
        if (s.engineOpts().contains("--virtual-threads") && j.featureVersion() < 21) {
          problems.add(new Problem("--jvm-opts", s.label(), "JVMs of release 21 or later only for virtual threads ("
              + j.home() + " is " + j.featureVersion() + "): run that set in a matrix of such JVMs"));
        }
      }
    }
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
    String targetKind = !ownServer ? "given --target" : siteKind();
    Map<String, Object> description = workloadDescription(job, targetKind, childArgs);
    List<Problem> resume = MatrixResume.problems(dir, description); // before the server starts
    if (!resume.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, resume);
    }
    try (AutoCloseable server = ownServer ? startServer() : () -> { }) {
      Target target = ownServer ? new Target("127.0.0.1", port(server)) : job.workload().target();
      if (ownServer) {
        console.println("crosscheck matrix: " + targetKind + " on http://127.0.0.1:" + target.port());
      }
      MatrixRun run = new MatrixRun(dir, MatrixRun.ownEngine(target, capture, childArgs), description, console);
      return search ? run.search(jvmList, sets, boundMicros, startUsers, maxUsers, maxSteps)
          : run.grid(jvmList, sets, levels);
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
  private int commandForm(List<Problem> problems, List<Jvm> jvmList, List<OptSet> sets, List<Integer> levels,
      double boundMicros) throws Exception {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
      if (!COMMAND_FORM_OPTIONS.contains(o.longestName())) {
        problems.add(new Problem(o.longestName(), "given", "no workload, engine or --pid option with a generator's"
            + " command (the generator runs its own workload; --server names its target)"));
      }
    }
    for (OptSet s : sets) {
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
        substitute(generator.command, levels.isEmpty() ? 1 : levels.get(0), "127.0.0.1", 1));
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
    String targetKind = !ownServer ? "given --server" : siteKind();
    Map<String, Object> description = new LinkedHashMap<>();
    description.put("engine", generator.noAgent ? "no-agent" : "agent");
    description.put("generatorCommand", generator.command);
    description.put("reporting", generator.reportedBy != null ? "reportedBy=" + generator.reportedBy
        : generator.reportedValue != null ? "reportedValue=" + generator.reportedValue : null);
    description.put("target", targetKind);
    List<Problem> resume = MatrixResume.problems(dir, description); // before the server starts
    if (!resume.isEmpty()) {
      return RunCommand.OutputOptions.reportProblems(spec, resume);
    }
    try (AutoCloseable server = ownServer ? startServer() : () -> { }) {
      String host = ownServer ? "127.0.0.1" : serverGiven.substring(0, serverGiven.lastIndexOf(':'));
      int port = ownServer ? port(server) : Integer.parseInt(serverGiven.substring(serverGiven.lastIndexOf(':') + 1));
      if (ownServer) {
        System.out.println("crosscheck matrix: " + targetKind + " on http://127.0.0.1:" + port);
      }
      MatrixRun.CellAudit audit = (jvm, set, users, cellDir, log) -> {
        List<String> command = new ArrayList<>(substitute(generator.command, users, host, port));
        command.set(0, jvm.home().resolve("bin").resolve("java").toString());
        command.addAll(1, set.jvmOpts());
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
      MatrixRun run = new MatrixRun(dir, audit, description, System.out);
      return search ? run.search(jvmList, sets, boundMicros, startUsers, maxUsers, maxSteps)
          : run.grid(jvmList, sets, levels);
    }
  }

  private static List<String> substitute(List<String> command, int users, String host, int port) {
    return command.stream().map(a -> a.replace("{users}", String.valueOf(users)).replace("{host}", host)
        .replace("{port}", String.valueOf(port)).replace("{server}", host + ":" + port)
        .replace("{target}", "http://" + host + ":" + port)).toList();
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

  /** The embedded server a matrix serves its cells from: the RUBiS site, the TPC-W bookstore, or the generic one. */
  private AutoCloseable startServer() throws Exception {
    if (workload.rubis != null) {
      RubisSupport rubis = RubisSupport.find().orElse(null);
      if (rubis != null) {
        return rubis.startServer("127.0.0.1", 0, false);
      }
    }
    if (workload.tpcw != null) {
      TpcwSupport tpcw = TpcwSupport.find().orElse(null);
      if (tpcw != null) {
        return tpcw.startServer("127.0.0.1", 0, false, workload.tpcwCust != null ? workload.tpcwCust : 1000,
            workload.tpcwItem != null ? workload.tpcwItem : 10000);
      }
    }
    return EmbeddedServer.start(ServerConfig.defaults().withPort(0));
  }

  private String siteKind() {
    return workload.rubis != null ? "embedded RUBiS server (in-process)"
        : workload.tpcw != null ? "embedded TPC-W bookstore (in-process)" : "embedded generic server (in-process)";
  }

  private static int port(AutoCloseable server) {
    return server instanceof EmbeddedSite site ? site.port() : ((EmbeddedServer) server).port();
  }

  private Map<String, Object> workloadDescription(RunJob job, String targetKind, List<String> childArgs) {
    Map<String, Object> w = new LinkedHashMap<>();
    w.put("engine", engine.engine);
    w.put("workload", workload.rubis != null ? "rubis" + (workload.rubis.isEmpty() ? " (default bidding mix)"
        : " " + workload.rubis) : workload.tpcw != null ? "tpcw " + workload.tpcw : workload.arrival);
    w.put("seed", job.workload().seed());
    w.put("rampUpNanos", job.workload().phases().rampUpNanos());
    w.put("measureNanos", job.workload().phases().measureNanos());
    w.put("rampDownNanos", job.workload().phases().rampDownNanos());
    w.put("target", targetKind);
    w.put("childArguments", childArgs);
    return w;
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

  private List<Jvm> jvms(List<Problem> problems) {
    List<Path> homes = jvms.isEmpty() ? List.of(Path.of(System.getProperty("java.home"))) : jvms;
    List<Jvm> out = new ArrayList<>();
    for (Path home : homes) {
      try {
        JavaInstallation i = JavaInstallation.inspect(home);
        String shortLabel = "jdk" + i.featureVersion();
        int same = (int) out.stream().filter(j -> j.shortLabel().startsWith("jdk" + i.featureVersion())).count();
        out.add(new Jvm(i.javaHome(), same == 0 ? shortLabel : shortLabel + "-" + (same + 1),
            i.javaVersion() + " (" + i.vendor() + ")", i.featureVersion()));
      } catch (IllegalArgumentException e) {
        problems.add(new Problem("--jvm", home.toString(), "a Java home of release 17 or later (" + e.getMessage()
            + ")"));
      }
    }
    return out;
  }

  private List<OptSet> optionSets(List<Problem> problems) {
    List<String> typed = optSets.isEmpty() ? List.of("default") : optSets;
    List<OptSet> out = new ArrayList<>();
    for (String t : typed) {
      String s = t.strip();
      List<String> tokens = s.isEmpty() || s.equals("default") ? List.of() : Arrays.asList(s.split("\\s+"));
      List<String> jvmOpts = new ArrayList<>();
      List<String> engineOpts = new ArrayList<>();
      for (String tok : tokens) {
        if (ENGINE_SET_OPTIONS.contains(tok) || ENGINE_SET_OPTIONS.contains("--" + tok)) {
          engineOpts.add(tok.startsWith("--") ? tok : "--" + tok);
        } else if (tok.startsWith("-") && !tok.startsWith("--")) {
          jvmOpts.add(tok);
        } else {
          problems.add(new Problem("--jvm-opts", t, "JVM options starting with '-' (e.g. -Xint, -Xmx64m) or"
              + " virtual-threads (the engine's --virtual-threads), separated by spaces"));
        }
      }
      String label = tokens.isEmpty() ? "default" : String.join(" ", tokens);
      String slug = tokens.isEmpty() ? "default"
          : label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
      long dup = out.stream().filter(o -> o.slug().equals(slug) || o.slug().startsWith(slug + "-")).count();
      out.add(new OptSet(label, jvmOpts, engineOpts, dup == 0 ? slug : slug + "-" + (dup + 1)));
    }
    return out;
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
