package io.crosscheck.engine.netty;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.Phases;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.Target;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import io.crosscheck.record.Outcome;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import io.crosscheck.server.EmbeddedServer;
import io.crosscheck.server.ServerConfig;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Warms the Netty engine's JIT before a run: the same engine code (sessions, connections, codec,
 * meter, records) drives an in-process embedded server on an ephemeral loopback port, so the first
 * measured requests are not timed by interpreted or C1 code. A cold JVM adds tens of µs to over a
 * millisecond to each request of its first seconds (bench/FIDELITY.md); the study's generators
 * paid that, the reference engine should not.
 *
 * <p>Nothing reaches the run's target or its capture (another port). Records are counted and
 * dropped. The loops are named {@code crosscheck-warmup-*}, so they are not mistaken for the run's.
 */
public final class JitWarmUp {
  /** Requests of the default warm-up: enough for C2 to compile the request path. */
  public static final int DEFAULT_REQUESTS = 20_000;
  /** Upper bound on the warm-up's duration, whatever the request count. */
  static final long MAX_NANOS = 5_000_000_000L;
  private static final int USERS = 16;
  /** Short sessions: connection set-up and tear-down are warmed too (per-session policy). */
  private static final int REQUESTS_PER_SESSION = 10;
  /** The JIT counts as settled after this long without a finished compilation. */
  private static final long JIT_QUIET_NANOS = 300_000_000L;
  /** Upper bound on the wait for the JIT to settle after the requests. */
  static final long MAX_SETTLE_NANOS = 5_000_000_000L;
  /** Reply kinds the run may meet: small and large Content-Length replies, chunked replies. */
  private static final List<String> PATHS = List.of("/static/2k", "/static/16k", "/static/64k", "/chunked/8k");

  private JitWarmUp() {}

  /**
   * What the warm-up did.
   *
   * @param requests requests issued
   * @param ok requests that ended {@link Outcome#OK}
   * @param elapsedNanos wall time of the warm-up: server start, requests and the JIT's settling
   * @param settleNanos of which the wait, after the requests, for the JIT to finish compiling
   * @param settled false when the JIT was still compiling at the end of the bounded wait
   */
  public record Result(long requests, long ok, long elapsedNanos, long settleNanos, boolean settled)
      implements Engine.WarmUpResult {
    @Override
    public String describe() {
      return String.format("JIT warm-up: %,d requests (%,d ok) against an in-process server, then %.1f s"
              + " for the JIT to %s; %.1f s in all",
          requests, ok, settleNanos / 1e9, settled ? "settle" : "settle (it had not: still compiling)",
          elapsedNanos / 1e9);
    }

    @Override
    public Map<String, Object> toJson() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("requests", requests);
      m.put("ok", ok);
      m.put("elapsedMillis", elapsedNanos / 1_000_000L);
      m.put("settleMillis", settleNanos / 1_000_000L);
      m.put("jitSettled", settled);
      return m;
    }
  }

  static Result run(NettyEngine engine, EngineOptions options, int requests) throws InterruptedException {
    if (requests <= 0) {
      throw new IllegalArgumentException("requests: " + requests + ": expected > 0");
    }
    Ticker ticker = Ticker.system();
    long startNanos = ticker.nanoTime();
    int sessionsPerUser = Math.max(1, (requests + USERS * REQUESTS_PER_SESSION - 1) / (USERS * REQUESTS_PER_SESSION));
    try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.defaults().withPort(0))) {
      Workload w = new Workload(new Target(ServerConfig.LOOPBACK, server.port()),
          new Arrival.Closed(USERS, sessionsPerUser), new SessionSource.UrlList(PATHS, true),
          new SessionLength.Fixed(REQUESTS_PER_SESSION), new ThinkTime.None(),
          new Phases(0, MAX_NANOS, 0), 1L);
      LongAdder ok = new LongAdder();
      EngineResult r = engine.run(Schedule.of(w), options, ticker,
          rec -> {
            if (rec.outcome() == Outcome.OK) {
              ok.increment();
            }
          },
          new EngineProgress(), "crosscheck-warmup");
      long settleStartNanos = ticker.nanoTime();
      boolean settled = awaitJitQuiet(ticker);
      long endNanos = ticker.nanoTime();
      return new Result(r.requestsIssued(), ok.sum(), endNanos - startNanos, endNanos - settleStartNanos, settled);
    }
  }

  /**
   * Waits until the JIT has finished no compilation for {@link #JIT_QUIET_NANOS}: the compile
   * queue the requests filled drains in the background (on a small machine for seconds), and
   * methods installed meanwhile would be timed by the run's first requests. Bounded by {@link
   * #MAX_SETTLE_NANOS}; returns whether it settled. Without compilation monitoring: no wait.
   */
  static boolean awaitJitQuiet(Ticker ticker) throws InterruptedException {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    if (jit == null || !jit.isCompilationTimeMonitoringSupported()) {
      return true;
    }
    long deadlineNanos = ticker.nanoTime() + MAX_SETTLE_NANOS;
    long lastMillis = jit.getTotalCompilationTime();
    long quietSinceNanos = ticker.nanoTime();
    while (ticker.nanoTime() - quietSinceNanos < JIT_QUIET_NANOS) {
      if (ticker.nanoTime() >= deadlineNanos) {
        return false;
      }
      Thread.sleep(50);
      long millis = jit.getTotalCompilationTime();
      if (millis != lastMillis) {
        lastMillis = millis;
        quietSinceNanos = ticker.nanoTime();
      }
    }
    return true;
  }
}
