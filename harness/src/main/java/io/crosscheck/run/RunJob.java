package io.crosscheck.run;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineLayout;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.engine.StallWatch;
import io.crosscheck.engine.legacy.LegacyEngineLimit;
import io.crosscheck.model.Phase;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionScriptFactory;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.StuckUsers;
import io.crosscheck.model.Workload;
import io.crosscheck.record.ClockCalibration;
import io.crosscheck.record.ClockOffset;
import io.crosscheck.record.ClockSampler;
import io.crosscheck.record.PageIntervals;
import io.crosscheck.record.RecordingSink;
import io.crosscheck.record.RequestCsv;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.record.StateSummary;
import io.crosscheck.record.Summary;
import io.crosscheck.record.SummaryTable;
import io.crosscheck.rundir.RunDirectory;
import io.crosscheck.rundir.RunJson;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.ShardSpec;
import io.crosscheck.schedule.Ticker;
import io.crosscheck.telemetry.GcPauseSource;
import io.crosscheck.telemetry.TelemetryRecorder;
import io.crosscheck.telemetry.TelemetrySummary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * One run from a checked workload to a finished run directory: schedule, clock calibration,
 * run.json, engine, recording, summary. The clock offset is calibrated at the start and the end
 * (both, and the drift, go to run.json). Ctrl-C (a JVM shutdown) interrupts the engine, and the
 * run directory is still finished with status "interrupted" and every record so far.
 */
public final class RunJob {
  /** Exit code: Ctrl-C (SIGINT, SIGTERM) stopped the run or the comparison. */
  public static final int EXIT_INTERRUPTED = 130;
  /** How far in the past {@code --start-at} may be when the load is ready (the shards' JVMs start late). */
  public static final int MAX_START_PAST_SECONDS = 5;
  public static final java.time.Duration MAX_START_PAST = java.time.Duration.ofSeconds(MAX_START_PAST_SECONDS);

  /** The finished run. */
  public record Result(Path directory, Summary summary, EngineResult engineResult, String status) {
    /**
     * 0 completed, 5 stalled, 130 interrupted by Ctrl-C (what the JVM's own SIGINT shutdown exits
     * with: answering 1 there raced it, since once the shutdown hooks had run, {@code System.exit(1)}
     * halted with 1), 1 otherwise.
     */
    public int exitCode() {
      return "completed".equals(status) ? 0 : RunJson.STALLED.equals(status) ? StallLimits.EXIT_STALLED
          : RunJson.INTERRUPTED.equals(status) ? EXIT_INTERRUPTED : 1;
    }
  }

  private Workload workload;
  private final Engine engine;
  private final EngineOptions options;
  private LayoutChoice layouts = LayoutChoice.NONE;
  private final Path outBase;
  private final String name;
  private final List<String> command;
  private Stage stage = Stage.NONE;
  private Path into;
  private long telemetryPeriodNanos = TelemetryRecorder.DEFAULT_PERIOD_NANOS;
  private int jitWarmUpRequests;
  private GcPauseSource telemetryPauses = GcPauseSource.JMX;
  private ShardSpec shard = ShardSpec.ALL;
  private java.time.Instant startAt;
  private StallLimits stallLimits = StallLimits.DEFAULT;

  /**
   * Work around the load, in the run directory: {@link #beforeLoad} runs after run.json is written
   * and before the engine starts (a failure there fails the run before any load); {@link
   * #afterLoad} runs once the engine has returned or was interrupted (e.g. a packet capture).
   */
  public interface Stage {
    Stage NONE = new Stage() {};

    default void beforeLoad(RunDirectory dir) throws IOException {}

    default void afterLoad(RunDirectory dir) throws IOException {}

    /**
     * The generator runs in network namespace {@code ns} behind link interface {@code iface} ({@code
     * --wan}): a stage that captures moves its capture there and answers true; others answer false.
     */
    default boolean followGenerator(String ns, String iface) {
      return false;
    }
  }

  public RunJob(Workload workload, Engine engine, EngineOptions options, Path outBase, String name, List<String> command) {
    this.workload = workload;
    this.engine = engine;
    this.options = options;
    this.outBase = outBase;
    this.name = name;
    this.command = List.copyOf(command);
  }

  /** The engine's JIT warm-up, before the capture starts; recorded in run.json as jitWarmUp. */
  private void warmUp(RunDirectory dir, EngineOptions options, PrintStream out) throws IOException {
    if (jitWarmUpRequests <= 0) {
      return;
    }
    try {
      Optional<? extends Engine.WarmUpResult> done = engine.warmUp(options, jitWarmUpRequests, new WarmUpServer());
      if (done.isPresent()) {
        out.println("crosscheck: " + done.get().describe());
        dir.jitWarmUp(RunSections.warmUp(done.get()));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the run sees it and ends as interrupted
    }
  }

  /** A scripted workload with states (RUBiS): the client's per-state view, in states.csv and on stdout. */
  /**
   * A scripted workload with states (RUBiS): the client's per-state view, in states.csv and on
   * stdout, then {@code outcomes} (what its scripts counted). {@code records}: requests.csv as read
   * once at the run's end; null when it could not be read ({@code unreadable} says why).
   */
  private void printStates(RunDirectory dir, PrintStream out, List<RequestRecord> records, String unreadable,
      String outcomes) {
    if (!(workload.source() instanceof SessionSource.Scripted s) || !s.factory().hasStates()) {
      return;
    }
    if (records == null) {
      out.println("crosscheck: no per-state summary: " + unreadable);
      return;
    }
    try {
      Phases p = workload.phases();
      StateSummary states = StateSummary.of(records, s.factory()::stateLabel,
          Map.of(Phase.RAMP_UP, p.rampUpNanos(), Phase.MEASURE, p.measureNanos(), Phase.RAMP_DOWN, p.rampDownNanos()));
      states.writeCsv(dir.path().resolve("states.csv"));
      out.print(states.format());
      out.println("sessions: " + outcomes);
    } catch (IOException e) {
      out.println("crosscheck: no per-state summary: " + e.getMessage());
    }
  }

  /**
   * The users whose request was sent and still unanswered when the run ended (aborted by the run's
   * end, after the engine's grace, or by the stall timeout), from the run's records; {@code
   * endNanos}: the run's end on the engine's ticker.
   */
  public static StuckUsers stuckUsers(List<RequestRecord> records, long endNanos) {
    java.util.Set<Long> sessions = new java.util.HashSet<>();
    long requests = 0;
    long oldestSendNanos = Long.MAX_VALUE;
    for (RequestRecord r : records) {
      if (r.outcome() == io.crosscheck.record.Outcome.ABORTED && r.sendStartNanos() >= 0
          && r.detail().startsWith("run ")) { // "run stopped", "run interrupted": the end, not the session
        requests++;
        sessions.add(r.sessionId());
        oldestSendNanos = Math.min(oldestSendNanos, r.sendStartNanos());
      }
    }
    return requests == 0 ? StuckUsers.NONE
        : new StuckUsers(sessions.size(), requests, Math.max(0, endNanos - oldestSendNanos));
  }

  /** The checked workload this job runs. */
  public Workload workload() {
    return workload;
  }

  /** Sets the target with its address resolved once at the job's start ({@link RunCommand#resolve}). */
  public RunJob resolvedTarget(io.crosscheck.model.Target resolved) {
    this.workload = workload.withTarget(resolved);
    return this;
  }

  /** Writes the run into the existing, empty directory {@code dir} instead of a new one. */
  public RunJob into(Path dir) {
    this.into = dir;
    return this;
  }

  /** Samples the JVM's pressure every {@code periodNanos}; 0 records no telemetry. */
  public RunJob telemetryEvery(long periodNanos) {
    this.telemetryPeriodNanos = periodNanos;
    return this;
  }

  /** Whether the engine warms its JIT before the load (it may take seconds). */
  public boolean warmsUp() {
    return jitWarmUpRequests > 0 && "netty".equals(engine.name());
  }

  /** Warms the engine's JIT with {@code requests} requests before the load (engines that support it). */
  public RunJob jitWarmUp(int requests) {
    this.jitWarmUpRequests = requests;
    return this;
  }

  /** How long a stall may last before a line on stderr, and before the load is stopped. */
  public RunJob stallLimits(StallLimits limits) {
    this.stallLimits = limits;
    return this;
  }

  /** Where telemetry takes individual GC pauses from (default JMX notifications). */
  public RunJob telemetryPauses(GcPauseSource source) {
    this.telemetryPauses = source;
    return this;
  }

  /** Runs only {@code spec} of the schedule ({@code --shard I/N}). */
  public RunJob shard(ShardSpec spec) {
    this.shard = spec;
    return this;
  }

  /** Starts the schedule's offset 0 at this wall-clock instant ({@code --start-at}); null: at once. */
  public RunJob startAt(java.time.Instant instant) {
    this.startAt = instant;
    return this;
  }

  /** Runs {@code s} around the load. */
  public RunJob around(Stage s) {
    this.stage = s;
    return this;
  }

  /**
   * How the engine's threads are to sit on the cores ({@link EngineOptionsMixin#layoutChoice}),
   * claimed when the run starts and released when it ends.
   */
  public RunJob layouts(LayoutChoice choice) {
    this.layouts = choice;
    return this;
  }

  /** Chooses (and holds for the run) an engine layout; {@link #NONE} keeps the options as given. */
  public interface LayoutChoice {
    LayoutChoice NONE = () -> EngineLayout.Claimed.unheld(null);

    EngineLayout.Claimed claim();
  }

  public Result execute(String progressMode, PrintStream out) throws IOException {
    try (EngineLayout.Claimed claimed = layouts.claim()) {
      EngineLayout layout = claimed.layout();
      if (layout != null) {
        out.println("crosscheck: engine layout " + layout.describe());
      }
      return execute(progressMode, out, layout, layout == null ? options : options.withLayout(layout));
    }
  }

  /** The run with {@code options}, laid out as {@code layout} says (null: as given). */
  private Result execute(String progressMode, PrintStream out, EngineLayout layout, EngineOptions options)
      throws IOException {
    Ticker ticker = Ticker.system();
    Schedule schedule = Schedule.of(workload).shard(shard);
    String digest = schedule.digest(); // the unsharded schedule's, in every shard
    ClockOffset clock = ClockCalibration.calibrate();
    RunDirectory dir = into != null ? RunDirectory.existing(into) : RunDirectory.create(outBase, name);
    // walks the whole arrival sequence (up to Schedule's digest cut) again: computed once
    String shardDigest = shard.all() ? digest : schedule.shardDigest();
    if (!shard.all()) {
      dir.shard(new RunJson.ShardSection(shard.index(), shard.count(), digest, shardDigest, null));
    }
    EngineOptions runOptions = options;
    if (startAt != null) {
      // mapped once onto the monotonic clock: every later wait and timer uses that instant
      long epochNanos = ClockCalibration.toEpochNanos(startAt);
      long monotonicNanos = clock.toMonotonicNanos(epochNanos);
      dir.startAt(new RunJson.StartAtSection(startAt.toString(), epochNanos, monotonicNanos, clock.offsetNanos(),
          clock.uncertaintyNanos(), monotonicNanos - clock.measuredAtNanos()));
      runOptions = options.withStartAt(monotonicNanos);
    }
    dir.writeStart(command, workload, workload.seed(), digest, RunSections.engine(engine.name(), options, layout), clock);
    if (!shard.all()) {
      out.println("crosscheck: shard " + shard + " of schedule " + digest.substring(0, 12) + " (own part "
          + shardDigest.substring(0, 12) + ")");
    }
    out.println("crosscheck: run directory " + dir.path());
    // installed before the warm-up and the capture start: Ctrl-C there must end the run directory
    // as interrupted too, not leave it "running" (FaultMatrixTest)
    ShutdownInterrupt shutdown;
    try {
      shutdown = ShutdownInterrupt.install("crosscheck-shutdown", 15);
    } catch (IllegalStateException e) {
      // "Shutdown in progress": Ctrl-C/SIGTERM came while the schedule's digest or the calibration ran,
      // before the hook could be installed; nothing was sent, and run.json must not stay "running"
      dir.writeEnd(RunJson.INTERRUPTED, null, ClockCalibration.calibrate());
      out.println("crosscheck: interrupted before the load; nothing was sent (" + dir.path() + ")");
      return new Result(dir.path(), null, null, RunJson.INTERRUPTED);
    }
    try {
      warmUp(dir, options, out);
      stage.beforeLoad(dir);
    } catch (IOException | RuntimeException e) {
      try {
        dir.writeEnd("failed", null, ClockCalibration.calibrate());
      } finally {
        shutdown.close();
      }
      throw e;
    }
    EngineProgress progress = new EngineProgress();
    RecordingSink sink = new RecordingSink(dir.path(), workload.phases(), pageIntervals(dir.path(), workload));
    LoadStop loadStop = new LoadStop(Thread.currentThread());
    sink.onFailure(loadStop::recordingFailed);
    String status = "failed";
    EngineResult result = null;
    Summary summary = null;
    StallWatch stalls = null;
    // a scripted run's records, read once at its end for its scripts' outcomes and its per-state view
    List<RequestRecord> scriptedRecords = null;
    String recordsUnreadable = null;
    String outcomes = "";
    TelemetryRecorder telemetry = telemetryPeriodNanos <= 0 ? null
        : TelemetryRecorder.start(dir.path().resolve("telemetry.csv"), telemetryPeriodNanos, telemetryPauses);
    try (ProgressDisplay display = ProgressDisplay.start(progressMode, progress, ticker);
        ClockSampler clockSampler =
            ClockSampler.start(dir.path().resolve("clock.csv"), 1, TimeUnit.SECONDS)) {
      if (Thread.interrupted()) {
        throw new InterruptedException("interrupted before the load");
      }
      String missed = startAt == null ? null : awaitStart(runOptions.startAtNanos(), ticker, out);
      if (missed != null) {
        out.println("crosscheck: " + missed);
        dir.failure(missed);
      } else {
        stalls = stallLimits.watch(progress::stallSample, System.err, loadStop::stalled);
        try {
          result = engine.run(schedule, runOptions, ticker, sink, progress);
        } finally {
          stalls.close();
        }
        status = Thread.interrupted() ? "interrupted" : "completed";
      }
    } catch (InterruptedException e) {
      status = "interrupted";
    } finally {
      if (loadStop.loadEnded()) {
        status = "failed"; // the stop was ours, not an interrupt (closing the sink says why)
      } else if (loadStop.stalled) {
        status = RunJson.STALLED; // --stall-timeout stopped it, not Ctrl-C
        System.err.println(stallLimits.stoppedLine("crosscheck"));
      }
      if (stalls != null) {
        dir.stall(stallLimits.section(stalls));
      }
      if (telemetry != null) {
        TelemetrySummary pressure = telemetry.stop();
        dir.telemetry(pressure);
      }
      try {
        stage.afterLoad(dir);
      } catch (IOException e) {
        out.println("crosscheck: " + e.getMessage());
        dir.failure(e.getMessage());
        status = "failed";
      }
      try {
        // an interrupted run has no engine result: divide throughput by what was observed
        // a completed run covered its whole measure phase (an engine returns early only when no
        // request is due before the deadline); a stopped one only up to its end
        summary = result != null ? sink.closeAfterRun(result.startNanos(), result.endNanos(), "completed".equals(status))
            : sink.closeWithUnknownWindow();
      } catch (IOException e) {
        status = "failed";
        dir.failure(e.getMessage());
        out.println("crosscheck: " + e.getMessage());
      }
      if (workload.source() instanceof SessionSource.Scripted scripted) {
        // what the emulated generator did, as its scripts counted it: into run.json with the end
        StuckUsers stuck = StuckUsers.NONE;
        try {
          scriptedRecords = RequestCsv.read(dir.requestsCsv());
          stuck = stuckUsers(scriptedRecords, result == null ? ticker.nanoTime() : result.endNanos());
        } catch (IOException | RuntimeException e) {
          recordsUnreadable = e.getMessage(); // the outcomes then rest on the scripts' own counts
        }
        outcomes = scripted.factory().describeOutcomes(stuck);
        if (!outcomes.isBlank()) {
          dir.scriptOutcomes(outcomes);
        }
      }
      try {
        dir.writeEnd(status, RunSections.engineResult(result), ClockCalibration.calibrate());
      } finally {
        shutdown.close();
      }
    }
    if (summary != null) {
      out.print(SummaryTable.format(summary));
      printStates(dir, out, scriptedRecords, recordsUnreadable, outcomes);
    }
    if (result != null) {
      LegacyEngineLimit.fromExtra(result.extra())
          .ifPresent(limit -> out.println("crosscheck: " + limit.describe()));
      // the generator's own failures: once per kind, counted, one sample (never once per request)
      result.notes().forEach(note -> System.err.println("crosscheck: " + note));
    }
    long lost = sink.recordsDroppedAfterClose();
    if (lost > 0) {
      // records the engine delivered after the recording closed (its event loops ending late)
      System.err.println("crosscheck: " + lost + " records offered after the recording closed are in no file"
          + " (requests.csv, summary.json)");
    }
    out.println("crosscheck: " + status + "; " + sink.recordsWritten() + " records in "
        + dir.requestsCsv());
    return new Result(dir.path(), summary, result, status);
  }

  /**
   * How long before the start instant the engine is entered (it waits the rest itself, exactly): a
   * cold JVM on a loaded host took over 1 s to load and set up the Netty engine (3 shards, 2 cores).
   */
  private static final long ENGINE_ENTRY_LEAD_NANOS = 5_000_000_000L;

  /**
   * Waits, printing a countdown once a second, until {@link #ENGINE_ENTRY_LEAD_NANOS} before the
   * start instant {@code startNanos} (monotonic); refuses an instant already passed by more than
   * {@link #MAX_START_PAST}: then returns why (nothing is sent), else null.
   */
  private static String awaitStart(long startNanos, Ticker ticker, PrintStream out) throws InterruptedException {
    long leftNanos = startNanos - ticker.nanoTime();
    if (leftNanos < -MAX_START_PAST.toNanos()) {
      return "--start-at: the start instant passed " + (-leftNanos / 1_000_000) + " ms ago when the load was ready"
          + " (at most " + MAX_START_PAST.toSeconds() + " s allowed); nothing was sent: give a later instant";
    }
    while ((leftNanos = startNanos - ticker.nanoTime()) > ENGINE_ENTRY_LEAD_NANOS) {
      out.printf(java.util.Locale.ROOT, "crosscheck: start in %.1f s%n", leftNanos / 1e9);
      long sleepNanos = Math.min(1_000_000_000L, leftNanos - ENGINE_ENTRY_LEAD_NANOS);
      TimeUnit.NANOSECONDS.sleep(sleepNanos);
    }
    return null;
  }

  /**
   * A recording that fails (a full disk) stops the load at once: nothing measured from then on could
   * be kept, and the run is failed, not interrupted. Only the load is stopped (the engine ends on an
   * interrupt): a failure met after it, while the sink closes, interrupts nothing, so the capture's
   * stop and the run directory's end are not cut short. Thread-safe.
   */
  private static final class LoadStop {
    private final Thread loadThread;
    private boolean loading = true;
    private boolean failed;
    /** --stall-timeout stopped the load (its interrupt is cleared when the load ends). */
    volatile boolean stalled;

    LoadStop(Thread loadThread) {
      this.loadThread = loadThread;
    }

    /** The sink's failure hook (once, on the thread that met the failure). */
    synchronized void recordingFailed() {
      failed = true;
      if (loading) {
        loadThread.interrupt();
      }
    }

    /** The stall watch's timeout: the load stops as on Ctrl-C, and ends as stalled. */
    synchronized void stalled() {
      if (loading && !failed) {
        stalled = true;
        loadThread.interrupt();
      }
    }

    /**
     * The load is over (call on the load's thread): true when recording failed during it; its
     * interrupt is cleared then, and when the stall timeout stopped it.
     */
    synchronized boolean loadEnded() {
      loading = false;
      if (failed || stalled) {
        Thread.interrupted();
      }
      return failed;
    }
  }

  /**
   * For a script that emulates a page-timing generator (TPC-W's RBE), the annotator that writes
   * its reported figure per page (intervals.csv); null otherwise.
   */
  private static PageIntervals pageIntervals(Path dir, Workload workload) throws IOException {
    if (workload.source() instanceof SessionSource.Scripted s && s.factory().reportedPageTime() != null) {
      SessionScriptFactory f = s.factory();
      return new PageIntervals(dir, url -> f.stateLabel(url) != null, f.reportedPageTime());
    }
    return null;
  }
}
