package io.crosscheck.audit;

import io.crosscheck.engine.StallWatch;
import io.crosscheck.model.Target;
import io.crosscheck.model.TargetResolution;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import io.crosscheck.record.AgentJson;
import io.crosscheck.record.ClockCalibration;
import io.crosscheck.record.ClockSampler;
import io.crosscheck.run.RunJob;
import io.crosscheck.run.RunOutput;
import io.crosscheck.run.ShutdownInterrupt;
import io.crosscheck.run.StallLimits;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunFiles;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.schedule.Ticker;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code crosscheck audit -- java ...} and {@code audit --pid N}: audits a generator crosscheck does
 * not run itself. Creates the run directory (run.json with the engine section {@code agent} and the
 * {@code target} section, clock calibration at the start, every second into clock.csv and at the
 * end), starts the live capture of the server's traffic, then either launches the command with
 * {@code -javaagent:JAR=out=RUNDIR,server=HOST:PORT[,...]} inserted after its java launcher (its
 * stdout and stderr shown and saved as target.out and target.err) and waits for it, or attaches the
 * agent to the running JVM for the duration and detaches it ({@code stop}); then stops the capture,
 * finishes run.json (completed when the generator exited 0 or was detached cleanly, failed
 * otherwise, with its exit code and its JVM from agent.json) and compares (coverage first, then the
 * reported-interval table). Ctrl-C sends SIGTERM to the launched generator, waits for it, finishes
 * the run directory and skips the comparison (exit 130). Not thread-safe: one audit per instance.
 */
public final class GeneratorAudit {
  /** How long a launched generator has to end after SIGTERM before it is killed. */
  private static final long TERMINATE_WAIT_SECONDS = 10;
  /** How long the last packets (FINs) have to reach the capture after the generator ended. */
  private static final long CAPTURE_TAIL_MILLIS = 200;

  private final GeneratorSpec spec;
  private final Target server;
  private final CaptureSettings capture;
  private final RunOutput output;
  private final List<String> crosscheckCommand;
  private final long telemetryMillis;
  private final PrintStream out;
  private final PrintStream err;
  private Path runDir;
  private StallLimits stallLimits = StallLimits.DEFAULT;
  private ServerHostSampling serverHost = ServerHostSampling.NONE;
  /** The stall watch stopped the generator (--stall-timeout), not Ctrl-C. */
  private volatile boolean stalled;
  private StallWatch stallWatch;

  /**
   * @param server the generator's server ({@code spec.target()}) with the address it resolved to,
   *     once, before the audit ({@code crosscheck audit}): the capture filter names that address
   */
  private io.crosscheck.rundir.ExpectedJson expected;

  public GeneratorAudit(GeneratorSpec spec, Target server, CaptureSettings capture, RunOutput output,
      List<String> crosscheckCommand, long telemetryMillis, PrintStream out,
      PrintStream err) {
    this.spec = spec;
    this.server = server;
    this.capture = capture;
    this.output = output;
    this.crosscheckCommand = List.copyOf(crosscheckCommand);
    this.telemetryMillis = telemetryMillis;
    this.out = out;
    this.err = err;
  }

  /** The agent's argument string for {@code dir}. */
  public String agentArguments(Path dir) {
    StringBuilder a = new StringBuilder("out=").append(dir.toAbsolutePath()).append(",server=").append(spec.server());
    if (!spec.reporting().isEmpty()) {
      a.append(',').append(spec.reporting());
    }
    if (!spec.hooks().equals("http-url-connection")) {
      a.append(",hooks=").append(spec.hooks());
    }
    if (telemetryMillis != 100) {
      a.append(",telemetryMillis=").append(telemetryMillis);
    }
    return a.toString();
  }

  /** {@code command} with {@code -javaagent:JAR=ARGS} right after its java launcher. */
  public static List<String> withAgent(List<String> command, Path jar, String arguments) {
    List<String> launched = new ArrayList<>(command.size() + 1);
    launched.add(command.get(0));
    launched.add("-javaagent:" + jar + "=" + arguments);
    launched.addAll(command.subList(1, command.size()));
    return launched;
  }

  /** The server host to sample beside the capture ({@code --server-pid}, {@code --server-netns}). */
  public GeneratorAudit serverHost(ServerHostSampling sampling) {
    this.serverHost = sampling;
    return this;
  }

  /**
   * The workload the generator claims ({@code --expect-*}, {@code --tpcw}): written to the run
   * directory's expected.json before the generator starts, judged by the comparison; null for none.
   */
  public GeneratorAudit expected(io.crosscheck.rundir.ExpectedJson declared) {
    this.expected = declared;
    return this;
  }

  /** How long a stall may last before a line on stderr, and before the generator is stopped. */
  public GeneratorAudit stallLimits(StallLimits limits) {
    this.stallLimits = limits;
    return this;
  }

  /**
   * Watches the agent's live.json (audits with the agent only: without it nothing says what is in
   * flight); the timeout stops the generator as Ctrl-C does, through {@code auditThread}'s interrupt.
   */
  private StallWatch watchStalls(Path dir, Thread auditThread) {
    if (!spec.agent()) {
      return null;
    }
    return stallLimits.watch(new AgentLive(dir, Ticker.system()), err, () -> {
      stalled = true;
      auditThread.interrupt();
    });
  }

  /** The run directory {@link #run} created; null before, or when it created none. */
  public Path runDir() {
    return runDir;
  }

  /**
   * Runs the audit.
   *
   * @return 0 completed with sufficient evidence; 1 the generator failed (or the attach did); 2 the
   *     agent jar or the capture was missing (nothing started); 3 below the matching floor; 130
   *     interrupted
   */
  public int run() throws IOException {
    Path jar = null;
    if (spec.agent()) {
      try {
        jar = AgentJar.locate();
      } catch (IOException e) {
        err.println("crosscheck audit: " + e.getMessage());
        return 2;
      }
    }
    RunDirectory dir = RunDirectory.create(output.outBase(), output.name());
    runDir = dir.path();
    String arguments = spec.agent() ? agentArguments(dir.path()) : "";
    boolean attach = spec.pid() != null;
    List<String> launched = attach ? List.of() : spec.agent() ? withAgent(spec.command(), jar, arguments)
        : spec.command();
    RunJson.TargetSection target = new RunJson.TargetSection(attach ? "attach" : "launch", spec.command(), launched,
        spec.pid(), spec.server(), server.addressText(), spec.agent(), jar == null ? null : jar.toString(),
        spec.agent() ? arguments : null,
        spec.reporting(), null, null, null);
    RunJson.EngineSection engine = new RunJson.EngineSection(spec.agent() ? "agent" : "no-agent",
        "the generator's own", 0, 0, 0, 0, List.of(), null);
    dir.writeTargetStart(crosscheckCommand, engine, target, ClockCalibration.calibrate());
    if (expected != null) {
      io.crosscheck.rundir.RunFiles.writeExpected(dir.path(), expected);
    }
    out.println("crosscheck: run directory " + dir.path());

    CaptureStage stage = new CaptureStage(capture, server, out);
    RunJob.Stage sampled = serverHost.around(stage, out); // the capture, and the server host's pressure
    try {
      sampled.beforeLoad(dir);
    } catch (IOException e) {
      err.println("crosscheck audit: " + e.getMessage());
      dir.writeTargetEnd(RunJson.FAILED, target.ended(spec.pid(), null, null, "the capture could not start"), null,
          ClockCalibration.calibrate());
      return 2;
    }
    Ended ended = null;
    try (ShutdownInterrupt shutdown = ShutdownInterrupt.install("crosscheck-audit-shutdown",
        TERMINATE_WAIT_SECONDS + 15)) {
      stallWatch = watchStalls(dir.path(), Thread.currentThread());
      try (ClockSampler clocks = ClockSampler.start(dir.path().resolve(RunFiles.CLOCK_CSV), 1, TimeUnit.SECONDS)) {
        ended = attach ? attach(jar, arguments, dir.path()) : launch(launched, dir.path());
      } finally {
        if (stallWatch != null) {
          stallWatch.close();
          dir.stall(stallLimits.section(stallWatch));
        }
        try {
          Thread.sleep(CAPTURE_TAIL_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        sampled.afterLoad(dir);
        if (ended == null) { // the generator's part failed with an exception: the run failed
          dir.writeTargetEnd(RunJson.FAILED, target, null, ClockCalibration.calibrate());
        }
      }
      finish(dir, target, ended);
    }
    if (stalled) {
      Thread.interrupted(); // the watch's, not a Ctrl-C: the comparison runs and records the stall
      err.println(stallLimits.stoppedLine("crosscheck audit"));
      return LiveAudit.compareCaptured(dir.path(), stage.captureJson(), capture, StallLimits.EXIT_STALLED, out,
          err).exitCode();
    }
    if (ended.interrupted || Thread.interrupted()) {
      err.println("crosscheck audit: interrupted; the run is kept: compare it with 'crosscheck compare "
          + dir.path() + "'");
      return 130;
    }
    return LiveAudit.compareCaptured(dir.path(), stage.captureJson(), capture, ended.ok ? 0 : 1, out, err)
        .exitCode();
  }

  /** Finishes run.json with the generator's end and the agent's view of it; prints it. */
  private void finish(RunDirectory dir, RunJson.TargetSection target, Ended ended) throws IOException {
    AgentJson agent = null;
    String agentError = null;
    if (spec.agent()) {
      try {
        agent = AgentJson.read(dir.path().resolve(AgentJson.FILE));
        agentError = agent.error();
      } catch (IOException e) {
        agentError = e.getMessage();
      }
    }
    String status = stalled ? RunJson.STALLED : ended.interrupted ? RunJson.INTERRUPTED : ended.ok && (agent == null || agent.ended())
        ? RunJson.COMPLETED : RunJson.FAILED;
    dir.writeTargetEnd(status, target.ended(ended.pid, ended.exitCode, agent == null ? null : agent.status(),
        agentError), agent == null ? null : generatorJvm(agent, spec.command()), ClockCalibration.calibrate());
    out.println("crosscheck: the generator " + ended.describe + "; run " + status
        + (agent == null ? "" : "; the agent recorded " + agent.exchangesRecorded() + " exchanges (" + agent.status()
            + (agent.recordsDropped() != null && agent.recordsDropped() > 0 ? ", " + agent.recordsDropped()
                + " rows dropped" : "") + ")")
        + (agentError == null || agentError.isEmpty() ? "" : "; agent: " + agentError));
  }

  /** How the generator's part ended. */
  private record Ended(boolean ok, boolean interrupted, Long pid, Integer exitCode, String describe) {}

  private Ended launch(List<String> launched, Path dir) throws IOException {
    Process p;
    try {
      p = new ProcessBuilder(launched).start();
    } catch (IOException e) {
      return new Ended(false, false, null, null, "could not start: " + e.getMessage());
    }
    out.println("crosscheck: started the generator (pid " + p.pid() + "): " + String.join(" ", spec.command()));
    Thread outPump = pump(p.getInputStream(), out, dir.resolve("target.out"), "crosscheck-target-out");
    Thread errPump = pump(p.getErrorStream(), err, dir.resolve("target.err"), "crosscheck-target-err");
    boolean interrupted = false;
    int exit;
    try {
      exit = p.waitFor();
    } catch (InterruptedException e) {
      interrupted = true;
      p.destroy(); // SIGTERM: the JVM runs its shutdown hooks, the agent's among them
      try {
        if (!p.waitFor(TERMINATE_WAIT_SECONDS, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          p.waitFor(5, TimeUnit.SECONDS);
        }
      } catch (InterruptedException again) {
        p.destroyForcibly();
      }
      exit = p.isAlive() ? -1 : p.exitValue();
    }
    join(outPump);
    join(errPump);
    return new Ended(exit == 0 && !interrupted, interrupted, p.pid(), exit,
        (interrupted ? "was stopped (SIGTERM) and " : "") + "exited with code " + exit);
  }

  private Ended attach(Path jar, String arguments, Path dir) {
    long pid = spec.pid();
    Attacher attacher = new Attacher(pid);
    try {
      attacher.load(jar, arguments);
    } catch (Exception e) {
      return new Ended(false, false, pid, null, "could not be attached to: " + e.getMessage());
    }
    out.printf("crosscheck: the agent records in process %d for %.0f s%n", pid, spec.attachNanos() / 1e9);
    boolean interrupted = false;
    long untilNanos = System.nanoTime() + spec.attachNanos();
    ProcessHandle handle = ProcessHandle.of(pid).orElse(null);
    try {
      while (System.nanoTime() < untilNanos && handle != null && handle.isAlive()) {
        Thread.sleep(Math.min(200, Math.max(1, (untilNanos - System.nanoTime()) / 1_000_000)));
      }
    } catch (InterruptedException e) {
      interrupted = true;
    }
    if (handle == null || !handle.isAlive()) {
      return new Ended(true, interrupted, pid, null, "ended during the recording (the agent finished at its"
          + " shutdown)");
    }
    try {
      attacher.load(jar, "stop");
      awaitAgentEnd(dir.resolve(AgentJson.FILE));
    } catch (Exception e) {
      return new Ended(false, interrupted, pid, null, "could not be detached: " + e.getMessage());
    }
    return new Ended(true, interrupted, pid, null, "was recorded and the agent detached");
  }

  /** Waits (at most 10 s) until agent.json no longer says running. */
  private static void awaitAgentEnd(Path agentJson) throws IOException, InterruptedException {
    long untilNanos = System.nanoTime() + 10_000_000_000L;
    while (System.nanoTime() < untilNanos) {
      if (Files.exists(agentJson) && !"running".equals(AgentJson.read(agentJson).status())) {
        return;
      }
      Thread.sleep(50);
    }
  }

  /** Loads the agent into another JVM through jdk.attach (a fresh attach per call). */
  private record Attacher(long pid) {
    void load(Path jar, String arguments) throws Exception {
      com.sun.tools.attach.VirtualMachine vm = com.sun.tools.attach.VirtualMachine.attach(String.valueOf(pid));
      try {
        vm.loadAgent(jar.toString(), arguments);
      } finally {
        vm.detach();
      }
    }
  }

  /** Copies {@code in} to {@code shown} and to {@code file}, as it comes. */
  private static Thread pump(InputStream in, OutputStream shown, Path file, String name) throws IOException {
    OutputStream saved = Files.newOutputStream(file);
    Thread t = new Thread(() -> {
      byte[] buffer = new byte[8192];
      try (in; saved) {
        int n;
        while ((n = in.read(buffer)) > 0) {
          saved.write(buffer, 0, n);
          synchronized (shown) {
            shown.write(buffer, 0, n);
            shown.flush();
          }
        }
      } catch (IOException e) {
        // the generator's stream closed under us: what was read is saved
      }
    }, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void join(Thread t) {
    try {
      t.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The generator's JVM as agent.json describes it, with its main class and arguments from the command. */
  public static RunJson.GeneratorJvmSection generatorJvm(AgentJson a, List<String> command) {
    List<String> opts = a.inputArguments() == null || a.inputArguments().isBlank() ? List.of()
        : Arrays.asList(a.inputArguments().split(" "));
    String mainClass = null;
    List<String> args = List.of();
    for (int i = 1; i < command.size(); i++) {
      String t = command.get(i);
      if (List.of("-cp", "-classpath", "--class-path", "-p", "--module-path", "--add-modules", "--add-opens",
          "--add-exports", "--add-reads").contains(t)) {
        i++;
      } else if (t.equals("-jar") || t.equals("-m") || t.equals("--module")) {
        mainClass = i + 1 < command.size() ? command.get(i + 1) : null;
        args = command.subList(Math.min(command.size(), i + 2), command.size());
        break;
      } else if (!t.startsWith("-")) {
        mainClass = t;
        args = command.subList(i + 1, command.size());
        break;
      }
    }
    return new RunJson.GeneratorJvmSection(a.javaHome(), a.javaVersion(),
        a.featureVersion() == null ? 0 : a.featureVersion(), a.vmName(), a.javaVendor(),
        opts.stream().filter(o -> !o.startsWith("-javaagent:")).toList(), opts, mainClass, List.copyOf(args));
  }

  /**
   * {@code --telemetry-period} of an audited generator, in milliseconds as the agent takes it (0: none);
   * 100 after adding a problem.
   */
  public static long telemetryMillis(String period, List<Problem> problems) {
    try {
      long nanos = Durations.parseNanos(period);
      if (nanos < 0 || nanos > 0 && nanos < 1_000_000L) {
        throw new IllegalArgumentException();
      }
      return nanos / 1_000_000L;
    } catch (IllegalArgumentException e) {
      problems.add(new Problem("--telemetry-period", period, "0 (none) or a period of 1ms or more"));
      return 100;
    }
  }

  /**
   * The generator's server resolved once, before anything starts (the capture filter names that
   * address), printed, and checked against the capture's interface; null after saying on {@code err}
   * why nothing was started.
   */
  public static Target resolveServer(GeneratorSpec checked, CaptureSettings capture, PrintWriter err) {
    TargetResolution resolution = TargetResolution.resolve(checked.target());
    if (resolution.failed()) {
      err.println("crosscheck audit: --server " + checked.server() + ": " + resolution.failure()
          + "; expected HOST:PORT with a host that resolves (nothing was started)");
      err.flush();
      return null;
    }
    System.out.println("crosscheck: " + resolution.describe().replaceFirst("^target http://", "server "));
    Problem wrongInterface = capture.interfaceProblem(resolution.target());
    if (wrongInterface != null) {
      err.println("crosscheck audit: nothing was started:");
      err.println("  " + wrongInterface.message());
      err.println("See: crosscheck audit --help");
      return null;
    }
    return resolution.target();
  }
}
