package io.crosscheck.cli;

import io.crosscheck.capture.CaptureInterface;
import io.crosscheck.capture.KernelRoute;
import io.crosscheck.capture.LiveCapture;
import io.crosscheck.capture.LiveCaptureConfig;
import io.crosscheck.capture.LiveCaptureStats;
import io.crosscheck.check.CheckGate;
import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.ChildRun;
import io.crosscheck.run.RunJob;
import io.crosscheck.run.ShardRun;
import io.crosscheck.run.StallLimits;
import io.crosscheck.run.WanRun;
import io.crosscheck.rundir.CaptureJson;
import io.crosscheck.rundir.Findings;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunFiles;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code crosscheck audit}: capture + run + compare in one command. The capture starts before the
 * first request and stops after the last reply; then every record is set against the packets. With a
 * java command line after {@code --}, or {@code --pid}, the generator is someone else's: the
 * crosscheck agent records inside it ({@link GeneratorAudit}).
 */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Captures the traffic to the target (live, with libpcap), runs the workload like 'run', then"
          + " rebuilds every HTTP exchange from the packets and sets each record against it:"
          + " findings.json, wire-exchanges.csv, response.csv, connection.csv, capture.pcap in the run"
          + " directory, and the findings table on stdout, coverage first; then report.html (the findings as"
          + " charts and tables, offline; 'crosscheck report' rebuilds it).",
      "With a command after --, audits an unmodified Java generator instead: crosscheck starts the command"
          + " with -javaagent:<crosscheck-agent jar>=out=RUN_DIR,server=HOST:PORT[,...] inserted right after its"
          + " java launcher, under the live capture of --server's traffic; the agent records every"
          + " HttpURLConnection exchange inside the generator (requests.csv with thread,intervalId,closeNanos;"
          + " intervals.csv; telemetry.csv; agent.json), the generator's stdout and stderr are shown and saved"
          + " as target.out and target.err; when it exits, its records and the figures it reported"
          + " (--reported-by, --reported-value) are set against the wire. Ctrl-C stops the generator"
          + " (SIGTERM) and keeps the run. --pid N attaches the agent to a running JVM for --duration"
          + " (default 60s) instead; JDK 21+ targets then print a warning about a dynamically loaded agent"
          + " unless started with -XX:+EnableDynamicAgentLoading.",
      "  crosscheck audit --reported-by edu.rice.rubis.client.UserSession#callHTTPServer -- java -cp"
          + " rubis-client.jar edu.rice.rubis.client.ClientEmulator",
      "  crosscheck audit --pid 4242 --duration 60s --server 127.0.0.1:8080",
      "Needs root or CAP_NET_RAW for the capture.",
      "Exit codes: 0 completed and the findings are supported; 1 the run failed (a generator that exited"
          + " with a code other than 0, an attach that failed); 2 bad usage, the agent jar or the capture"
          + " missing (nothing was loaded or started); 3 the run completed but its findings support no verdict"
          + " (findings.json support.reasons): fewer than --min-matched of its records matched the capture"
          + " (nothing judged), no exchange completed on both sides (no response time), or more than half of"
          + " its records failed (no reply); 130 interrupted (by Ctrl-C during the warm-up, the load or a"
          + " generator's run, or during the comparison: the run directory keeps the run; compare it with"
          + " 'compare RUN_DIR'); 4 a --check rule failed (the audit itself completed); 5 stopped by --stall-timeout"
          + " (no exchange completed for that long while some were in flight: the run directory is finished as"
          + " stalled and compared).",
      "--check EXPR (repeatable), --check-rules FILE, --baseline RUN_DIR, --junit FILE: the CI gate of"
          + " 'crosscheck check', judged on this audit's findings; a malformed rule or an unusable baseline exits 2"
          + " before anything starts."
    })
final class AuditCommand implements Callable<Integer> {
  /** Exit code: Ctrl-C (SIGINT, SIGTERM) stopped the run or the comparison. */
  static final int EXIT_INTERRUPTED = 130;

  @Mixin WorkloadOptions workload = new WorkloadOptions();
  @Mixin EngineOptionsMixin engine = new EngineOptionsMixin();
  @Mixin RunCommand.OutputOptions output = new RunCommand.OutputOptions();
  @Mixin CaptureOptions capture = new CaptureOptions();
  @Mixin JvmOptions jvm = new JvmOptions();
  @Mixin GeneratorOptions generator = new GeneratorOptions();
  @Mixin CheckOptions check = new CheckOptions();
  @Mixin ShardOptions shards = new ShardOptions();
  @Mixin ServerHostOptions serverHost = new ServerHostOptions(); // issue 25: the server host's pressure
  @Mixin WanRun.Options wan = new WanRun.Options();
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** {@code --check} and its companions: the CI gate judged on the audit's findings ({@link CheckGate}). */
  static final class CheckOptions {
    @Option(names = "--check", paramLabel = "EXPR", description = "After the comparison, judge this rule on the"
        + " findings as 'crosscheck check --rule' does (repeatable; see 'crosscheck check --help'); a failed rule"
        + " exits 4. A malformed rule exits 2 before anything starts.")
    List<String> rules = new ArrayList<>();

    @Option(names = "--check-rules", paramLabel = "FILE", description = "A rules file for the gate (one rule per"
        + " line, '#' comments), as 'crosscheck check --rules'.")
    List<Path> ruleFiles = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "RUN_DIR", description = "The compared run that --check's baseline"
        + " expressions read (e.g. the main branch's stored run).")
    Path baseline;

    @Option(names = "--junit", paramLabel = "FILE", description = "Write --check's judgements as JUnit XML.")
    Path junit;

    CheckGate.Options options() {
      return new CheckGate.Options("--check", rules, ruleFiles, baseline, junit);
    }

    /** The gate, or empty with its problems printed (exit 2); null when no rule was given. */
    Optional<CheckGate> prepare(boolean wireOnly, PrintWriter err) throws IOException {
      if (!options().requested()) {
        if (baseline != null || junit != null) {
          err.println("crosscheck audit: " + (baseline != null ? "--baseline" : "--junit") + " is given without a"
              + " rule to judge (expected --check EXPR or --check-rules FILE); nothing was started");
          err.flush();
          return Optional.empty();
        }
        return null;
      }
      return CheckGate.prepare("crosscheck audit", options(), wireOnly, err);
    }
  }

  /**
   * The audit's exit code after the gate judged its findings: the audit's own when it is not 0 (the
   * run failed, below the floor, interrupted), else the gate's.
   */
  private int gated(CheckGate gate, int auditExitCode, Path runDir) {
    if (gate == null) {
      return auditExitCode;
    }
    PrintWriter err = spec.commandLine().getErr();
    if (runDir == null || !java.nio.file.Files.exists(runDir.resolve(RunFiles.FINDINGS_JSON))) {
      err.println("crosscheck audit: the --check rules were not judged: the audit wrote no findings (exit "
          + auditExitCode + ")");
      err.flush();
      return auditExitCode == 0 ? 1 : auditExitCode;
    }
    System.out.flush();
    int judged = gate.judge(runDir, new PrintWriter(System.out, true), err);
    return auditExitCode != 0 ? auditExitCode : judged;
  }

  /** The options an audit of someone else's generator uses; every other option is crosscheck's own load's. */
  private static final Set<String> GENERATOR_AUDIT_OPTIONS = Set.of("--server", "--reported-by",
      "--reported-value", "--hooks", "--no-agent", "--pid", "--duration", "--out", "--name", "--progress", "--wan",
      "--interface", "--snaplen", "--min-matched", "--capture-buffer", "--telemetry-period", "--debug", "--check",
      "--check-rules", "--baseline", "--junit", "--stall-warning", "--stall-timeout", "--server-pid",
      "--server-netns");
  private static final Set<String> GENERATOR_ONLY_OPTIONS = Set.of("--server", "--reported-by",
      "--reported-value", "--hooks", "--no-agent");

  /** Capture settings shared by the commands that capture. */
  static final class CaptureOptions {
    @Option(names = "--interface", paramLabel = "NAME",
        description = "Interface to capture on. Default: the one the kernel's route to the target leaves by"
            + " ('ip route get ADDRESS' in this network namespace; lo for an address of this host), printed"
            + " ('capture on cc0 (the route to 127.0.9.2)') and recorded in capture.json.")
    String interfaceName;

    @Option(names = "--snaplen", paramLabel = "BYTES",
        description = "Bytes kept of each packet. The default keeps the request line of any RUBiS or"
            + " TPC-W request (URLs up to ~2.3 KB) and the start of bodies; with less, a longer request line"
            + " keeps only its URL's prefix (urlTruncated in wire-exchanges.csv), still matched by prefix."
            + " Default: ${DEFAULT-VALUE}.")
    int snaplenBytes = LiveCaptureConfig.DEFAULT_SNAPLEN_BYTES;

    @Option(names = "--min-matched", paramLabel = "PERCENT",
        description = "The matching floor: below this share of the records sent within the capture's span,"
            + " nothing is judged and the exit code is 3. Default: ${DEFAULT-VALUE}.")
    double minMatchedPercent = Findings.Coverage.DEFAULT_MIN_MATCHED_PERCENT;

    @Option(names = "--capture-buffer", paramLabel = "BYTES",
        description = "Kernel capture buffer in bytes. Default: ${DEFAULT-VALUE} (64 MiB).")
    int bufferBytes = LiveCaptureConfig.DEFAULT_BUFFER_BYTES;

    /**
     * The interface to capture the traffic to {@code target} on ({@link CaptureInterface#choose}):
     * {@code --interface}, or the kernel's route to the target's address in this network namespace.
     *
     * @throws CaptureInterface.Refused --interface names no interface here or one the traffic never
     *     crosses, or none was given and the route cannot be read
     * @throws java.net.UnknownHostException the target's name does not resolve
     */
    CaptureInterface choose(Target target) throws IOException {
      return CaptureInterface.choose(interfaceName, address(target), KernelRoute::lookup);
    }

    /**
     * The problem that keeps a capture of {@code target}'s traffic from starting (checked before any
     * load), or null when an interface was found for it.
     */
    Problem interfaceProblem(Target target) {
      try {
        choose(target);
        return null;
      } catch (CaptureInterface.Refused r) {
        return new Problem("--interface", r.value(), r.expected());
      } catch (IOException e) {
        return new Problem("--target", target.toString(), "a host whose address is known: " + e.getMessage());
      }
    }

    /**
     * The target's address: the one resolved at the job's start, else {@link
     * io.crosscheck.model.TargetResolution}'s (a literal, or a check made before the start).
     */
    static java.net.InetAddress address(Target target) throws java.net.UnknownHostException {
      if (target.address() != null) {
        return target.address(); // resolved once at the job's start; never looked up again
      }
      io.crosscheck.model.TargetResolution r = io.crosscheck.model.TargetResolution.resolve(target);
      if (r.failed()) {
        throw new java.net.UnknownHostException(r.failure());
      }
      return r.target().address();
    }

    void check(List<Problem> problems) {
      if (snaplenBytes < 96 || snaplenBytes > 262_144) {
        problems.add(new Problem("--snaplen", String.valueOf(snaplenBytes), "96..262144 bytes"));
      }
      if (!(minMatchedPercent >= 0 && minMatchedPercent <= 100)) {
        problems.add(new Problem("--min-matched", String.valueOf(minMatchedPercent), "a percentage 0..100"));
      }
      if (bufferBytes < (1 << 20)) {
        problems.add(new Problem("--capture-buffer", String.valueOf(bufferBytes), "at least 1048576 bytes"));
      }
    }
  }

  @Override
  public Integer call() throws Exception {
    // the gate's rules and baseline first: a bad rule fails before any capture or load starts
    Optional<CheckGate> prepared = check.prepare(generator.requested() && generator.noAgent,
        spec.commandLine().getErr());
    if (prepared != null && prepared.isEmpty()) {
      return 2;
    }
    CheckGate gate = prepared == null ? null : prepared.get();
    List<Problem> problems = new ArrayList<>();
    capture.check(problems);
    serverHost.check(problems);
    if (generator.requested()) {
      if (wan.requested()) {
        problems.add(Problem.stated("--wan", "crosscheck's own engines only, not an audited generator's command or"
            + " --pid (the link needs the server crosscheck starts)"));
      }
      return auditGenerator(problems, gate);
    }
    List<String> matched = matchedOptions();
    for (String o : matched) {
      if (GENERATOR_ONLY_OPTIONS.contains(o)) {
        problems.add(new Problem(o, "given", "a generator's command after -- (or --pid) to audit"));
      }
    }
    jvm.check(problems);
    shards.check(problems, engine.sourceAddresses != null);
    io.crosscheck.wan.WanProfile link = wan.check(spec.commandLine().getParseResult(), engine, problems);
    if (link != null && serverHost.requested()) {
      problems.add(Problem.stated(serverHost.netns != null ? "--server-netns" : "--server-pid", "not with --wan: the"
          + " server runs in the link's own server namespace, created and removed by the run"));
    }
    RunJob job = RunCommand.prepare(workload, engine, output, spec, problems);
    if (job == null) {
      return 2;
    }
    if (link != null && output.into == null) {
      WanRun behind = new WanRun(link, wan.profile, job.workload().seed(), workload, jvm, output,
          spec.commandLine().getParseResult().originalArgs());
      Audit audited = audit(stage -> behind.run(stage, System.out), job.workload().target(), capture, System.out);
      return gated(gate, audited.exitCode(), audited.runDir());
    }
    job.layouts(engine.layoutChoice(true));
    job.shard(shards.shardSpec()).startAt(shards.startInstant());
    if (!RunCommand.resolve(job, output, spec)) {
      return 2;
    }
    Problem wrongInterface = capture.interfaceProblem(job.workload().target());
    if (wrongInterface != null) {
      return RunCommand.OutputOptions.reportProblems(spec, List.of(wrongInterface));
    }
    if (output.into == null && !RunCommand.probe(job, spec)) {
      return 2;
    }
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    io.crosscheck.model.Target resolved = job.workload().target();
    Runner runner = shards.orchestrates()
        ? stage -> ShardRun.execute(shards.shards, shards.startInstant(), job.workload().phases().totalNanos(), job.warmsUp(), jvm,
            args, resolved, "audit", output, stage, System.out)
        : !jvm.requested() ? inProcess(job, output.progress)
        : stage -> ChildRun.execute(jvm, spec, output, resolved, stage, System.out);
    Audit audited = audit(runner, job.workload().target(), capture, serverHost, System.out);
    return gated(gate, audited.exitCode(), audited.runDir());
  }

  /** The long names of the options given on the command line. */
  private List<String> matchedOptions() {
    CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    return parsed.matchedOptions().stream().map(CommandLine.Model.OptionSpec::longestName).distinct().toList();
  }

  /** {@code audit [OPTIONS] -- java ...} or {@code audit --pid N}: the agent in someone else's generator. */
  private int auditGenerator(List<Problem> problems, CheckGate gate) throws IOException {
    List<String> matched = matchedOptions();
    List<String> others = matched.stream().filter(o -> !GENERATOR_AUDIT_OPTIONS.contains(o)).toList();
    String duration = matched.contains("--duration") ? workload.duration : null;
    long telemetryMillis = 100;
    try {
      long nanos = Durations.parseNanos(output.telemetryPeriod);
      if (nanos < 0 || nanos > 0 && nanos < 1_000_000L) {
        throw new IllegalArgumentException();
      }
      telemetryMillis = nanos / 1_000_000L;
    } catch (IllegalArgumentException e) {
      problems.add(new Problem("--telemetry-period", output.telemetryPeriod, "0 (none) or a period of 1ms or more"));
    }
    StallLimits stall = output.stallLimits(problems);
    GeneratorOptions.Spec checked = generator.check(duration, others, output.out, problems);
    if (checked != null && problems.isEmpty()
        && io.crosscheck.model.TargetResolution.isLiteral(checked.serverHost())) {
      // a name is judged after its one resolution below
      Problem wrongInterface = capture.interfaceProblem(new Target(checked.serverHost(), checked.serverPort()));
      if (wrongInterface != null) {
        problems.add(wrongInterface);
      }
    }
    if (checked == null || !problems.isEmpty()) {
      var err = spec.commandLine().getErr();
      err.println("crosscheck audit: nothing was started:");
      for (Problem p : problems) {
        err.println("  " + p.message());
      }
      err.println("See: crosscheck audit --help");
      return 2;
    }
    // the server's name resolved once, before anything starts: the capture filter names that address
    io.crosscheck.model.TargetResolution resolution = io.crosscheck.model.TargetResolution.resolve(checked.target());
    if (resolution.failed()) {
      var err = spec.commandLine().getErr();
      err.println("crosscheck audit: --server " + checked.server() + ": " + resolution.failure()
          + "; expected HOST:PORT with a host that resolves (nothing was started)");
      err.flush();
      return 2;
    }
    System.out.println("crosscheck: " + resolution.describe().replaceFirst("^target http://", "server "));
    Problem wrongInterface = capture.interfaceProblem(resolution.target());
    if (wrongInterface != null) {
      var err = spec.commandLine().getErr();
      err.println("crosscheck audit: nothing was started:");
      err.println("  " + wrongInterface.message());
      err.println("See: crosscheck audit --help");
      return 2;
    }
    List<String> command = new ArrayList<>(List.of("crosscheck", "audit"));
    command.addAll(spec.commandLine().getParseResult().originalArgs());
    GeneratorAudit audit = new GeneratorAudit(checked, resolution.target(), capture, output, command, telemetryMillis,
        System.out, System.err).stallLimits(stall).serverHost(serverHost);
    int code = audit.run();
    return gated(gate, code, audit.runDir());
  }

  /**
   * What an audit gave.
   *
   * @param exitCode 0 completed, 1 the run failed, 2 the capture could not start (nothing loaded), 3
   *     the evidence is below the matching floor, 130 interrupted during the comparison
   * @param findings the findings, null when the capture could not start
   * @param runDir the run directory, null when the capture could not start
   */
  record Audit(int exitCode, Findings findings, Path runDir) {}

  /** Runs the load with a stage around it, in this JVM or a child. */
  @FunctionalInterface
  interface Runner {
    ChildRun.Ran run(RunJob.Stage stage) throws IOException;
  }

  /** Runs {@code job} in this JVM. */
  static Runner inProcess(RunJob job, String progress) {
    return stage -> {
      RunJob.Result r = job.around(stage).execute(progress, System.out);
      CliErrors.runFailed(new java.io.PrintWriter(System.err, true), "crosscheck audit", r.directory(), r.status());
      // interrupted by Ctrl-C: 130, so that audit() skips the comparison in a JVM shutting down
      return new ChildRun.Ran(r.directory(), r.exitCode());
    };
  }

  /** Runs the load under a live capture, then compares. */
  static Audit audit(Runner runner, Target target, CaptureOptions options, PrintStream out) throws IOException {
    return audit(runner, target, options, new ServerHostOptions(), out);
  }

  /** As above, with the server host sampled beside the capture when {@code serverHost} asks for it. */
  static Audit audit(Runner runner, Target target, CaptureOptions options, ServerHostOptions serverHost,
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
    if (result.exitCode() == EXIT_INTERRUPTED) {
      // Ctrl-C ended the load: the JVM is shutting down (its grace is for finishing the run
      // directory, not for a comparison), so the comparison is left to 'compare', as documented
      System.err.println("crosscheck audit: interrupted; the run is kept: compare it with 'crosscheck compare "
          + result.directory() + "'");
      return new Audit(EXIT_INTERRUPTED, null, result.directory());
    }
    return compareCaptured(result.directory(), stage.captureJson(), options, result.exitCode(), out, System.err);
  }

  /**
   * Compares a run directory with the capture.pcap it holds (the live capture's counters {@code
   * live}); the run's own failure ({@code runExitCode} other than 0) takes precedence over the
   * comparison's exit code. Interrupted: the run is kept, exit 130.
   */
  static Audit compareCaptured(Path dir, CaptureJson live, CaptureOptions options, int runExitCode, PrintStream out,
      PrintStream err) throws IOException {
    CompareJob.Result compared;
    try {
      compared = CompareJob.compare(dir, dir.resolve(RunFiles.CAPTURE_PCAP), live, options.minMatchedPercent, out);
    } catch (InterruptedIOException e) {
      err.println("crosscheck audit: " + e.getMessage() + "; the run is kept: redo the comparison with"
          + " 'crosscheck compare " + dir + "'");
      return new Audit(130, null, dir);
    } catch (IOException e) {
      if (!CliErrors.isDiskFull(e)) {
        throw e;
      }
      err.println("crosscheck audit: the comparison did not fit on the disk (no space left on device), so none of"
          + " its outputs were written; the run is kept: free some space, then 'crosscheck compare " + dir + "'");
      return new Audit(1, null, dir);
    }
    return new Audit(runExitCode != 0 ? runExitCode : compared.exitCode(), compared.findings(), dir);
  }

  /**
   * Starts the live capture of the target's traffic in the run directory before the load and stops
   * it after (capture.pcap, capture.json): around crosscheck's own engines ({@link RunJob.Stage}) and
   * around an audited generator ({@link GeneratorAudit}).
   */
  static final class CaptureStage implements RunJob.Stage {
    private final CaptureOptions options;
    private final Target target;
    private final PrintStream out;
    CaptureInterface chosen;
    private String filter;
    /** Another network namespace to capture in ({@code --wan}'s client namespace), or null. */
    private String namespace;
    private String namespaceInterface;
    LiveCapture capture;
    LiveCaptureStats stats;

    /** Captures on {@code interfaceName} inside network namespace {@code ns} instead ({@code --wan}). */
    void inNamespace(String ns, String interfaceName) {
      this.namespace = ns;
      this.namespaceInterface = interfaceName;
    }

    /** @param out where the chosen interface is printed when the capture starts */
    CaptureStage(CaptureOptions options, Target target, PrintStream out) {
      this.options = options;
      this.target = target;
      this.out = out;
    }

    @Override
    public void beforeLoad(RunDirectory dir) throws IOException {
      chosen = namespace == null ? options.choose(target)
          : new CaptureInterface(namespaceInterface, CaptureInterface.ChosenBy.WAN_LINK,
              CaptureOptions.address(target).getHostAddress(), null, "the emulated link's interface in the client namespace "
                  + namespace + ", where the generator runs (--wan)");
      // the address itself, never a name: libpcap would resolve a name on its own
      filter = "tcp and host " + chosen.targetAddress() + " and port " + target.port();
      out.println("crosscheck: " + chosen.describe());
      LiveCaptureConfig config = new LiveCaptureConfig(chosen.name(), filter, options.snaplenBytes,
          options.bufferBytes, dir.path().resolve(RunFiles.CAPTURE_PCAP), null);
      // opened from inside the namespace, the capture's socket stays there whichever thread reads it
      capture = namespace == null ? LiveCapture.start(config)
          : io.crosscheck.wan.Netns.call(namespace, () -> LiveCapture.start(config));
    }

    @Override
    public void afterLoad(RunDirectory dir) throws IOException {
      if (capture != null) {
        stats = capture.stop();
        RunFiles.writeCapture(dir.path(), captureJson());
      }
    }

    CaptureJson captureJson() {
      String name = chosen == null ? options.interfaceName : chosen.name();
      String by = chosen == null ? null : chosen.chosenBy().json();
      String reason = chosen == null ? null : chosen.reason();
      String route = chosen == null ? null : chosen.route();
      String address = chosen == null ? null : chosen.targetAddress();
      return stats == null
          ? new CaptureJson(name, filter, options.snaplenBytes, null, null, null, null, null, null, by, reason, route,
              address, namespace)
          : new CaptureJson(name, filter, options.snaplenBytes, stats.packetsCaptured(), stats.outgoingCopies(),
              stats.bytesCaptured(), stats.kernelDropped(), stats.interfaceDropped(), stats.linkType(), by, reason,
              route, address, namespace);
    }
  }
}
