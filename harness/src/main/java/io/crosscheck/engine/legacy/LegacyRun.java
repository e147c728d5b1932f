package io.crosscheck.engine.legacy;

import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.model.Phase;
import io.crosscheck.model.Phases;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.record.RecordSink;
import io.crosscheck.schedule.SessionPlan;
import io.crosscheck.schedule.Ticker;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * What one legacy engine run shares between its dispatcher (the thread that called
 * {@code run}) and its user threads: clock, time window, target, sink, counters, the live users
 * and the first resource limit met. Thread-safe: immutable fields, adders, volatile flags and a
 * monitor for the live-user count.
 */
final class LegacyRun {
  final Ticker ticker;
  final EngineOptions options;
  final LegacyOptions legacy;
  final EngineProgress progress;
  final RecordSink sink;
  /** {@code http://host:port}, the prefix of every request URL (the name as given: the Host header). */
  final String baseUrl;
  /** The target, with the address resolved once at the job's start when it was (else null address). */
  final io.crosscheck.model.Target target;
  final long startNanos;
  final long deadlineNanos;
  final LongAdder requestsIssued = new LongAdder();
  final LongAdder connectionsOpened = new LongAdder();
  final Set<UserInstance> live = ConcurrentHashMap.newKeySet();
  /** The generator's own failures, counted per kind (never printed per request). */
  final GeneratorFaults faults = new GeneratorFaults();

  private final Phases phases;
  private final AtomicReference<LegacyEngineLimit> limit = new AtomicReference<>();
  private final Object usersLock = new Object();
  private int alive;
  private int peakAlive;
  private volatile boolean stopping;
  /** The ticker's instant of the first {@link #stop}; {@code Long.MAX_VALUE} before it. */
  private volatile long stoppedAtNanos = Long.MAX_VALUE;

  LegacyRun(Ticker ticker, EngineOptions options, LegacyOptions legacy, EngineProgress progress,
      RecordSink sink, Phases phases, io.crosscheck.model.Target target, long startNanos) {
    this.ticker = ticker;
    this.options = options;
    this.legacy = legacy;
    this.progress = progress;
    this.sink = sink;
    this.phases = phases;
    this.target = target;
    this.baseUrl = target.toString();
    this.startNanos = startNanos;
    this.deadlineNanos = startNanos + phases.totalNanos();
    progress.inFlightView(this::inFlightView);
  }

  /**
   * What the stall watch sees: the connections of the users' requests in flight (one each while
   * its connection is not known yet) and the oldest one's send start (its intended start before).
   */
  private EngineProgress.InFlightView inFlightView() {
    Set<String> ids = new java.util.HashSet<>();
    long unknown = 0;
    long oldest = Long.MAX_VALUE;
    for (UserInstance u : live) {
      InFlight ex = u.inFlight();
      if (ex == null || ex.ended()) {
        continue;
      }
      String id = ex.connectionId;
      if (id == null || id.isEmpty()) {
        unknown++;
      } else {
        ids.add(id);
      }
      long send = ex.sendStartNanos;
      oldest = Math.min(oldest, send >= 0 ? send : ex.intendedStartNanos);
    }
    return new EngineProgress.InFlightView(ids.size() + unknown, oldest == Long.MAX_VALUE ? -1 : oldest);
  }

  /** True when a request intended at {@code intendedNanos} may still be issued. */
  boolean accepts(long intendedNanos) {
    return !stopping && intendedNanos < deadlineNanos;
  }

  boolean stopping() {
    return stopping;
  }

  void stop() {
    if (!stopping) {
      stoppedAtNanos = ticker.nanoTime();
    }
    stopping = true;
  }

  /**
   * True when a request intended at {@code intendedNanos} was due before the run ended (its
   * deadline, or its stop when that came first): one the user never sent gets a not-sent record.
   */
  boolean dueBeforeEnd(long intendedNanos) {
    return intendedNanos < Math.min(deadlineNanos, stoppedAtNanos);
  }

  /**
   * Records {@code group}, the requests of {@code plan} due at {@code intendedNanos} that its user's
   * thread never sent (the run stopped before the thread, starved on a saturated host, reached them),
   * as not sent ({@link GeneratorFaults#recordNotSent}), as the Netty engine records the arrivals it
   * could not reach: every request the schedule asked for before the end keeps its row. Thread-safe.
   */
  void recordNotSent(SessionPlan plan, List<RequestPlan> group, long intendedNanos, String why) {
    faults.recordNotSent(sink, progress, plan, group, intendedNanos, phaseAt(intendedNanos), why);
  }

  Phase phaseAt(long intendedNanos) {
    return phases.phaseAt(intendedNanos - startNanos);
  }

  /** Records the first limit met (later ones are consequences); the ramp stops. */
  void limitReached(LegacyEngineLimit.Kind kind, Throwable error) {
    long users;
    synchronized (usersLock) {
      users = alive;
    }
    limit.compareAndSet(null, new LegacyEngineLimit(kind, users, String.valueOf(error)));
  }

  LegacyEngineLimit limit() {
    return limit.get();
  }

  /** Counts a user about to start (before {@code Thread.start}, so its end cannot come first). */
  void userStarting(UserInstance user) {
    live.add(user);
    synchronized (usersLock) {
      alive++;
      peakAlive = Math.max(peakAlive, alive);
    }
  }

  /** The user's thread has ended, or never started. */
  void userEnded(UserInstance user) {
    live.remove(user);
    synchronized (usersLock) {
      alive--;
      usersLock.notifyAll();
    }
  }

  int peakUsers() {
    synchronized (usersLock) {
      return peakAlive;
    }
  }

  /** Waits until no user is alive or {@code untilNanos} (ticker) passes; true when none is. */
  boolean awaitUsers(long untilNanos) throws InterruptedException {
    synchronized (usersLock) {
      while (alive > 0) {
        long leftNanos = untilNanos - ticker.nanoTime();
        if (leftNanos <= 0) {
          return false;
        }
        usersLock.wait(Math.max(1, leftNanos / 1_000_000L));
      }
      return true;
    }
  }

}
