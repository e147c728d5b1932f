package io.crosscheck.engine.netty;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.engine.WarmUpReport;
import io.crosscheck.engine.WarmUpReport.JitSettled;
import io.crosscheck.engine.WarmUpTarget;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.ArrivalProcess;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RecordingSink;
import io.crosscheck.record.Summary;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Warms the Netty engine's JIT before a run: the same engine code (sessions, connections, codec,
 * meter, records) drives a server started from the caller's {@link WarmUpTarget} (the CLI's: an
 * in-process embedded server on an ephemeral loopback port), so the first measured requests are
 * not timed by interpreted or C1 code. A cold JVM adds tens of µs to over a millisecond to each
 * request of its first seconds (bench/FIDELITY.md); the study's generators paid that, the reference
 * engine should not.
 *
 * <p>Every warm-up request is recorded as a run's are (requests.csv, latency.hlog, summary, into a
 * temporary directory deleted afterwards), so the recording path is compiled before the run too;
 * without it, C2 compiled {@code RecordingSink.record} and {@code RequestCsv.appendFields} in the
 * run's first seconds (bench/README.md, "Throughput per client core").
 *
 * <p>Nothing reaches the run's target or its capture (another port). The loops are named {@code crosscheck-warmup-*}, so they are not mistaken for the run's.
 */
public final class JitWarmUp {
  /** Requests of the default warm-up: enough for C2 to compile the request path. */
  public static final int DEFAULT_REQUESTS = 20_000;
  /**
   * Requests of a default warm-up in a JVM whose JIT already settled after one (a second run in the
   * same process: the demo, the tests): the request path is compiled, these touch it again. Ten whole
   * sessions per warm-up user, as the default's 20,000 are 125.
   */
  public static final int REPEAT_REQUESTS = 1_600;
  /** Whether a warm-up in this JVM ended with the JIT settled. */
  private static final AtomicBoolean SETTLED_BEFORE = new AtomicBoolean();
  /** Upper bound on the warm-up's duration, whatever the request count. */
  static final long MAX_NANOS = 5_000_000_000L;
  private static final int USERS = 16;
  /** The open part of the warm-up: its length (a fifth of it after a settled warm-up), ... */
  public static final long OPEN_NANOS = 800_000_000L;
  /** ... its arrival rate (about 20 sessions in flight with 1 ms think times: 8,000 requests) ... */
  private static final double OPEN_SESSIONS_PER_SECOND = 1_000;
  /** ... and its mean think time. */
  private static final long OPEN_THINK_MEAN_NANOS = 1_000_000L;
  /** Short sessions: connection set-up and tear-down are warmed too (per-session policy). */
  private static final int REQUESTS_PER_SESSION = 10;
  /** The JIT counts as settled after this long without a finished compilation. */
  static final long JIT_QUIET_NANOS = 300_000_000L;
  /** Upper bound on the wait for the JIT to settle after the requests. */
  static final long MAX_SETTLE_NANOS = 5_000_000_000L;

  private JitWarmUp() {}

  /**
   * What the warm-up did.
   *
   * @param requests requests issued
   * @param ok requests that ended {@link Outcome#OK}
   * @param elapsedNanos wall time of the warm-up: server start, requests and the JIT's settling
   * @param settleNanos of which the wait, after the requests, for the JIT to finish compiling
   * @param jitSettled {@link JitSettled#NOT_SETTLED} when the JIT was still compiling at the end of
   *     the bounded wait; {@link JitSettled#UNKNOWN} when this JVM does not monitor compilation
   * @param repeat a default warm-up shortened to {@link #REPEAT_REQUESTS}: an earlier one in this JVM
   *     ended with the JIT settled
   */
  public record Result(long requests, long ok, long elapsedNanos, long settleNanos, JitSettled jitSettled,
      boolean repeat, long openRequests) implements Engine.WarmUpResult {
    @Override
    public String describe() {
      String jit = switch (jitSettled) {
        case SETTLED -> String.format(Locale.ROOT, "yes (%.1f s after the requests)", settleNanos / 1e9);
        case NOT_SETTLED ->
            String.format(Locale.ROOT, "no (still compiling %.1f s after the requests)", settleNanos / 1e9);
        case UNKNOWN -> "unknown (compilation time not monitored by this JVM)";
      };
      String why = repeat ? String.format(Locale.ROOT,
          "; %,d, not %,d: this JVM's JIT settled after an earlier warm-up", REPEAT_REQUESTS, DEFAULT_REQUESTS) : "";
      return String.format(Locale.ROOT,
          "JIT warm-up: %,d requests (%,d ok%s) against its own server, %.1f s in all; JIT settled: %s",
          requests, ok, why, elapsedNanos / 1e9, jit);
    }

    @Override
    public WarmUpReport toJson() {
      return new WarmUpReport(requests, ok, elapsedNanos / 1_000_000L, settleNanos / 1_000_000L, jitSettled,
          repeat);
    }
  }

  /**
   * The warm-up: {@code requests} requests (whole sessions of closed users, at most {@link
   * #MAX_NANOS}), then {@link #OPEN_NANOS} of arriving sessions with think times, then the
   * wait for the compile queue to drain ({@link #awaitJitQuiet}). Every record goes through a
   * {@link RecordingSink} in a temporary directory (deleted afterwards), so the recording path (CSV
   * rows, histograms, summary) is compiled before the run as well as the engine's.
   */
  static Result run(NettyEngine engine, EngineOptions options, int requests, WarmUpTarget target)
      throws InterruptedException {
    if (requests <= 0) {
      throw new IllegalArgumentException("requests: " + requests + ": expected > 0");
    }
    Ticker ticker = Ticker.system();
    long startNanos = ticker.nanoTime();
    int planned = plannedRequests(requests, SETTLED_BEFORE.get());
    Path dir = null;
    try (WarmUpTarget.Server server = target.start()) {
      dir = Files.createTempDirectory("crosscheck-jit-warm-up");
      Load closed = load(engine, options, ticker, server, closedWorkload(server, planned), dir.resolve("closed"));
      Load open = load(engine, options, ticker, server,
          openWorkload(server, planned == requests ? OPEN_NANOS : OPEN_NANOS / 5), dir.resolve("open"));
      Load r = new Load(closed.requests() + open.requests(), closed.ok() + open.ok());
      long settleStartNanos = ticker.nanoTime();
      JitSettled settled = awaitJitQuiet(ticker, ManagementFactory.getCompilationMXBean());
      long endNanos = ticker.nanoTime();
      if (settled == JitSettled.SETTLED) {
        SETTLED_BEFORE.set(true);
      }
      return new Result(r.requests(), r.ok(), endNanos - startNanos, endNanos - settleStartNanos, settled,
          planned != requests, open.requests());
    } catch (IOException e) {
      throw new UncheckedIOException("JIT warm-up: cannot record into a temporary directory under "
          + System.getProperty("java.io.tmpdir") + ": " + e.getMessage(), e);
    } finally {
      deleteTree(dir);
    }
  }

  /**
   * The requests a warm-up makes: {@link #REPEAT_REQUESTS} for the default count in a JVM whose JIT
   * settled after an earlier warm-up, {@code requested} otherwise (a count the user chose is kept).
   */
  static int plannedRequests(int requested, boolean settledBefore) {
    return requested == DEFAULT_REQUESTS && settledBefore ? REPEAT_REQUESTS : requested;
  }

  /** What the warm-up's requests gave. */
  private record Load(long requests, long ok) {}

  /** {@code requests} requests (whole sessions) of {@link #USERS} closed users without think time. */
  private static Workload closedWorkload(WarmUpTarget.Server server, int requests) {
    int sessionsPerUser = Math.max(1, (requests + USERS * REQUESTS_PER_SESSION - 1) / (USERS * REQUESTS_PER_SESSION));
    return new Workload(server.target(),
        new Arrival.Closed(USERS, sessionsPerUser), new SessionSource.UrlList(server.paths(), true),
        new SessionLength.Fixed(REQUESTS_PER_SESSION), new ThinkTime.None(),
        new Phases(0, MAX_NANOS, 0), 1L);
  }

  /**
   * Sessions arriving (Poisson, {@link #OPEN_SESSIONS_PER_SECOND}) for {@code nanos}, with
   * exponential think times: the arrival pump, the think-time timers (the loop's scheduled-task
   * queue) and the run's deadline, which the closed users without think time never reach. Without
   * it, a partly-open audit with think times (bench/fidelity.sh) began with C1 compiling the loop's
   * scheduled-task path and the JIT making Netty's task loop ({@code runAllTasks}, {@code
   * safeExecute}) and {@code DefaultPromise.setValue0} not entrant: replies waited 4-18 ms for the
   * loop in the run's first seconds (2026-11-29, bench/PERFORMANCE.md).
   */
  private static Workload openWorkload(WarmUpTarget.Server server, long nanos) {
    return new Workload(server.target(),
        new Arrival.PartlyOpen(new ArrivalProcess.Poisson(OPEN_SESSIONS_PER_SECOND)),
        new SessionSource.UrlList(server.paths(), true), new SessionLength.Fixed(REQUESTS_PER_SESSION),
        new ThinkTime.Exponential(OPEN_THINK_MEAN_NANOS), new Phases(0, nanos, 0), 1L);
  }

  /** {@code w} against {@code server}, recorded into {@code dir}. */
  private static Load load(NettyEngine engine, EngineOptions options, Ticker ticker,
      WarmUpTarget.Server server, Workload w, Path dir)
      throws IOException, InterruptedException {
    Files.createDirectories(dir);
    RecordingSink sink = new RecordingSink(dir, w.phases());
    EngineResult r;
    try {
      r = engine.run(Schedule.of(w), options.withStartAt(EngineOptions.START_NOW), ticker, sink,
          new EngineProgress(), "crosscheck-warmup");
    } catch (InterruptedException | RuntimeException e) {
      sink.close();
      throw e;
    }
    Summary s = sink.close();
    return new Load(r.requestsIssued(), s.outcomeCounts().getOrDefault(Outcome.OK, 0L));
  }

  /** Deletes {@code dir} and everything in it; a file that cannot be deleted is left (temp space). */
  private static void deleteTree(Path dir) {
    if (dir == null) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // left for the OS's temporary-file cleanup
    }
  }

  /**
   * Waits until the JIT has finished no compilation for {@link #JIT_QUIET_NANOS}: the compile
   * queue the requests filled drains in the background (on a small machine for seconds), and
   * methods installed meanwhile would be timed by the run's first requests. Bounded by {@link
   * #MAX_SETTLE_NANOS}.
   *
   * @param ticker the clock the quiet period and the bound are measured on
   * @param jit the JVM's compilation monitor ({@link ManagementFactory#getCompilationMXBean()});
   *     null when the JVM has no JIT
   * @return {@link JitSettled#UNKNOWN} at once when {@code jit} is null or does not monitor
   *     compilation time (nothing to wait for, and no claim that it settled)
   */
  static JitSettled awaitJitQuiet(Ticker ticker, CompilationMXBean jit) throws InterruptedException {
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return JitSettled.UNKNOWN;
    }
    long deadlineNanos = ticker.nanoTime() + MAX_SETTLE_NANOS;
    long lastMillis = jit.getTotalCompilationTime();
    long quietSinceNanos = ticker.nanoTime();
    while (ticker.nanoTime() - quietSinceNanos < JIT_QUIET_NANOS) {
      if (ticker.nanoTime() >= deadlineNanos) {
        return JitSettled.NOT_SETTLED;
      }
      Thread.sleep(50);
      long millis = jit.getTotalCompilationTime();
      if (millis != lastMillis) {
        lastMillis = millis;
        quietSinceNanos = ticker.nanoTime();
      }
    }
    return JitSettled.SETTLED;
  }
}
