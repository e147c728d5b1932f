package io.crosscheck.cli;

import io.crosscheck.audit.CaptureSettings;
import io.crosscheck.audit.GeneratorAudit;
import io.crosscheck.audit.GeneratorSpec;
import io.crosscheck.audit.LiveAudit;
import io.crosscheck.capture.LiveCaptureConfig;
import io.crosscheck.check.CheckGate;
import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.run.ChildRun;
import io.crosscheck.run.RunJob;
import io.crosscheck.run.ShardRun;
import io.crosscheck.run.StallLimits;
import io.crosscheck.run.WanRun;
import io.crosscheck.rundir.Findings;
import java.io.IOException;
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
  static final int EXIT_INTERRUPTED = RunJob.EXIT_INTERRUPTED;

  @Mixin WorkloadOptions workload = new WorkloadOptions();
  @Mixin EngineOptionsMixin engine = new EngineOptionsMixin();
  @Mixin RunCommand.OutputOptions output = new RunCommand.OutputOptions();
  @Mixin CaptureOptions capture = new CaptureOptions();
  @Mixin JvmOptions jvm = new JvmOptions();
  @Mixin GeneratorOptions generator = new GeneratorOptions();
  @Mixin CheckOptions check = new CheckOptions();
  @Mixin ShardOptions shards = new ShardOptions();
  @Mixin ServerHostOptions serverHost = new ServerHostOptions(); // issue 25: the server host's pressure
  @Mixin WanOptions wan = new WanOptions();
  @Mixin ExpectOptions expect = new ExpectOptions(); // issue 27: the workload an audited generator claims
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

  /** {@link CheckGate#gated}: the gate's exit code, the audit's own when that is not 0. */
  private int gated(CheckGate gate, int auditExitCode, Path runDir) {
    return CheckGate.gated(gate, auditExitCode, runDir, spec.commandLine().getErr());
  }

  /** The options an audit of someone else's generator uses; every other option is crosscheck's own load's. */
  private static final Set<String> GENERATOR_AUDIT_OPTIONS = Set.of("--server", "--reported-by",
      "--reported-value", "--hooks", "--no-agent", "--pid", "--duration", "--out", "--name", "--progress", "--wan",
      "--interface", "--snaplen", "--min-matched", "--capture-buffer", "--telemetry-period", "--debug", "--check",
      "--check-rules", "--baseline", "--junit", "--stall-warning", "--stall-timeout", "--server-pid",
      "--server-netns", "--expect-think", "--expect-arrival", "--expect-mix", "--tpcw");
  private static final Set<String> GENERATOR_ONLY_OPTIONS = Set.of("--server", "--reported-by",
      "--reported-value", "--hooks", "--no-agent", "--expect-think", "--expect-arrival", "--expect-mix");

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
            + " keeps only its URL's prefix (urlTruncated in wire-exchanges.csv), still matched by prefix, and"
            + " a chunked body whose chunk sizes fall past the cut has no wire time. The capture's cost grows with"
            + " these bytes: where it drops packets (capture loss in the findings) and the heads are short,"
            + " 512 kept up where 4096 did not (5,000 sessions, the generator on one core: no drop against 121,003)."
            + " Default: ${DEFAULT-VALUE}.")
    int snaplenBytes = LiveCaptureConfig.DEFAULT_SNAPLEN_BYTES;

    @Option(names = "--min-matched", paramLabel = "PERCENT",
        description = "The matching floor: below this share of the records sent within the capture's span,"
            + " nothing is judged and the exit code is 3. Default: ${DEFAULT-VALUE}.")
    double minMatchedPercent = Findings.Coverage.DEFAULT_MIN_MATCHED_PERCENT;

    @Option(names = "--capture-buffer", paramLabel = "BYTES",
        description = "Kernel capture buffer in bytes. Default: ${DEFAULT-VALUE} (64 MiB).")
    int bufferBytes = LiveCaptureConfig.DEFAULT_BUFFER_BYTES;

    /** The checked settings, as the audit package takes them. */
    CaptureSettings settings() {
      return new CaptureSettings(interfaceName, snaplenBytes, minMatchedPercent, bufferBytes);
    }

    /** {@link CaptureSettings#interfaceProblem}. */
    Problem interfaceProblem(Target target) {
      return settings().interfaceProblem(target);
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
      WanRun behind = new WanRun(link, wan.profile, job.workload().seed(), workload.request(spec.commandLine().getParseResult()).served(), jvm.choice(),
          output.runOutput(),
          spec.commandLine().getParseResult().originalArgs());
      LiveAudit.Audit audited = LiveAudit.audit(stage -> behind.run(stage, System.out), job.workload().target(),
          capture.settings(), System.out);
      return gated(gate, audited.exitCode(), audited.runDir());
    }
    job.layouts(engine.request().layoutChoice(true, () -> CaptureSettings.onThisHost(job.workload().target())));
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
    LiveAudit.Runner runner = shards.orchestrates()
        ? stage -> ShardRun.execute(shards.shards, shards.startInstant(), job.workload().phases().totalNanos(), job.warmsUp(),
            jvm.choice(), args, resolved, "audit", output.runOutput(), stage, System.out)
        : !jvm.requested() ? LiveAudit.inProcess(job, output.progress)
        : stage -> ChildRun.execute(jvm.choice(), args, output.runOutput(), resolved, stage, System.out);
    LiveAudit.Audit audited = LiveAudit.audit(runner, job.workload().target(), capture.settings(),
        serverHost.sampling(), System.out);
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
    long telemetryMillis = GeneratorAudit.telemetryMillis(output.telemetryPeriod, problems);
    StallLimits stall = output.stallLimits(problems);
    GeneratorSpec checked = generator.check(duration, others, output.out, problems);
    // --tpcw MIX names the page mix of the TPC-W browser emulator under audit (not a load crosscheck sends)
    io.crosscheck.rundir.ExpectedJson expected = expect.expected(matched.contains("--tpcw") ? workload.tpcw : null,
        problems);
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
    Target server = GeneratorAudit.resolveServer(checked, capture.settings(), spec.commandLine().getErr());
    if (server == null) {
      return 2;
    }
    List<String> command = new ArrayList<>(List.of("crosscheck", "audit"));
    command.addAll(spec.commandLine().getParseResult().originalArgs());
    GeneratorAudit audit = new GeneratorAudit(checked, server, capture.settings(), output.runOutput(), command,
        telemetryMillis, System.out, System.err).stallLimits(stall).serverHost(serverHost.sampling())
        .expected(expected);
    int code = audit.run();
    return gated(gate, code, audit.runDir());
  }
}
