package io.crosscheck.engine.legacy;

import io.crosscheck.engine.Engine;
import io.crosscheck.engine.EngineOptions;
import io.crosscheck.engine.EngineProgress;
import io.crosscheck.engine.EngineResult;
import io.crosscheck.model.Arrival;
import io.crosscheck.record.RecordSink;
import io.crosscheck.schedule.ArrivalSequence;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.Ticker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The run loop both thread-per-user engines share. The calling thread is the dispatcher: it parks
 * until each user's start instant (closed users spread over ramp-up; arriving sessions at their
 * scheduled instants, intended start = that instant however late the thread comes) and starts one
 * thread for it. Closed users that all start at once (the RUBiS client's ClientEmulator starts
 * every user thread together) get their threads before the run's start, each parked until it, so
 * their first requests leave together; the start lead grows with the users to leave time for it.
 * A thread that cannot be created ends the ramp as a {@link LegacyEngineLimit}; running users go
 * on. Then it waits for the users until the deadline plus {@link #DEADLINE_GRACE_NANOS}; users
 * still in a request are aborted (exactly one record each).
 *
 * <p>Interrupting the calling thread stops the run at once the same way; the interrupt flag is
 * restored on return. The ticker must run in real time (threads park on it).
 */
abstract class LegacyEngineBase implements Engine {
  /** Lead between {@code run} and the schedule's offset 0. */
  private static final long START_LEAD_NANOS = 20_000_000L;
  /**
   * Extra lead per user when all closed users start at once: time to create and start each
   * thread before offset 0 (a platform thread takes tens of microseconds).
   */
  private static final long START_LEAD_PER_USER_NANOS = 100_000L;
  /** The most lead users starting at once get. */
  private static final long MAX_START_LEAD_NANOS = 2_000_000_000L;
  /** How long aborted users get to leave their sessions before the run returns. */
  private static final long ABORT_GRACE_NANOS = 2_000_000_000L;
  private static final AtomicLong RUNS = new AtomicLong();
  /** How long requests in flight at the deadline may take to end on their own before they are aborted. */
  public static final long DEADLINE_GRACE_NANOS = 1_000_000_000L;

  private final String name;
  final LegacyOptions legacy;
  private volatile LegacyEngineLimit lastLimit;

  /** {@code name}: the engine's name on the command line. */
  LegacyEngineBase(String name, LegacyOptions legacy) {
    this.name = name;
    this.legacy = legacy;
  }

  @Override
  public final String name() {
    return name;
  }

  /** The legacy settings of this engine. */
  public LegacyOptions legacyOptions() {
    return legacy;
  }

  /** The resource limit the last run met, if any (see {@link LegacyEngineLimit#describe()}). */
  public java.util.Optional<LegacyEngineLimit> lastLimit() {
    return java.util.Optional.ofNullable(lastLimit);
  }

  /**
   * Checks and applies engine-specific settings before any load starts; none by default (an
   * engine whose users each build their own client has nothing JVM-wide to set).
   */
  void prepare(EngineOptions options) {}

  /** A new user's client; called on that user's thread. */
  abstract Fetcher newFetcher(LegacyRun run);

  /** Engine-specific gauges for {@code EngineResult.extra}. */
  abstract Map<String, Long> gauges(LegacyRun run);

  @Override
  public final EngineResult run(
      Schedule schedule, EngineOptions options, Ticker ticker, RecordSink sink, EngineProgress progress)
      throws InterruptedException {
    legacy.validate();
    if (!options.sourceAddresses().isEmpty()) {
      // neither URL.openStream nor the JMeter-like client lets a user choose its source address
      throw new IllegalArgumentException("sourceAddresses: " + options.sourceAddresses() + ": the " + name()
          + " engine cannot bind source addresses (expected none)");
    }
    prepare(options);
    Failures.preload();
    UserThreads threads = new UserThreads(legacy);
    LegacyRun run = new LegacyRun(ticker, options, legacy, progress, sink, schedule.workload().phases(),
        schedule.workload().target(), options.startNanos(ticker.nanoTime(), startLeadNanos(schedule)));
    List<String> resolution = new ArrayList<>();
    jdkResolution(run.target, "start", resolution);
    String prefix = "crosscheck-" + name() + "-" + RUNS.incrementAndGet() + "-user-";
    boolean interrupted = false;
    try {
      dispatch(run, schedule, threads, prefix);
      // a deadline is a deadline: requests in flight get a short grace, then are aborted
      long untilNanos = run.deadlineNanos
          + Math.min(DEADLINE_GRACE_NANOS, options.requestTimeoutNanos() + options.connectTimeoutNanos());
      run.awaitUsers(untilNanos);
    } catch (InterruptedException e) {
      interrupted = true;
    }
    run.stop();
    for (UserInstance user : run.live) {
      user.abort(interrupted ? "run interrupted" : "run stopped");
    }
    if (Thread.interrupted()) {
      interrupted = true; // cleared so that the grace wait below does not end at once
    }
    try {
      // a user that outlives the grace is stuck in a call that ignores interrupts; its record is
      // already written, so it is left to end with its own timeout
      run.awaitUsers(ticker.nanoTime() + ABORT_GRACE_NANOS);
    } catch (InterruptedException e) {
      interrupted = true;
    }
    jdkResolution(run.target, "end", resolution);
    lastLimit = run.limit();
    Map<String, Long> extra = new HashMap<>(gauges(run));
    extra.put("peakUsers", (long) run.peakUsers());
    extra.put("timingMillisClock", legacy.timing() == LegacyOptions.TimingClock.MILLIS ? 1L : 0L);
    extra.put("virtualThreads", threads.virtual() ? 1L : 0L);
    extra.put("threadStackSizeBytes", legacy.threadStackSizeBytes());
    if (run.limit() != null) {
      extra.putAll(run.limit().gauges());
    }
    extra.putAll(run.faults.gauges());
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    // -1: the client hides its connections (URL.openStream); the capture counts them
    long connections = extra.getOrDefault("connectionIdsObservable", 1L) == 0 ? -1 : run.connectionsOpened.sum();
    long resolutionNanos = legacy.timing() == LegacyOptions.TimingClock.MILLIS ? 1_000_000L : 0L;
    return new EngineResult(run.startNanos, ticker.nanoTime(), run.requestsIssued.sum(),
        connections, run.progress.sessionsStarted(), run.progress.sessionsCompleted(), resolutionNanos, extra,
        notes(run.faults.describe(), resolution));
  }

  private static List<String> notes(List<String> faults, List<String> resolution) {
    List<String> all = new ArrayList<>(faults);
    all.addAll(resolution);
    return all;
  }

  /**
   * Whether this engine's client resolves the target's name itself (URL.openStream: the JDK's own
   * code path, which a faithful generator keeps) instead of connecting to the address resolved once.
   */
  boolean resolvesItself() {
    return false;
  }

  /**
   * For a client that resolves the name itself: what the JDK's resolver answers now (the lookup
   * HttpURLConnection makes, served from the JVM's address cache), at the run's start and end; a
   * line in {@code notes} when it is not the address resolved once (its connections may then have
   * gone elsewhere than run.json's targetAddress; a capture shows where).
   */
  private void jdkResolution(io.crosscheck.model.Target target, String when, List<String> notes) {
    if (!resolvesItself() || target.address() == null
        || io.crosscheck.model.TargetResolution.isLiteral(target.host())) {
      return;
    }
    try {
      java.net.InetAddress now = java.net.InetAddress.getByName(target.host());
      if (!now.equals(target.address())) {
        notes.add(name() + " resolves " + target.host() + " itself (URL.openStream): at the run's " + when
            + " the JDK's resolver answered " + now.getHostAddress() + ", not " + target.addressLiteral()
            + " (resolved once at the start and recorded); its connections may have gone to either");
      }
    } catch (java.net.UnknownHostException e) {
      notes.add(name() + " resolves " + target.host() + " itself (URL.openStream): at the run's " + when
          + " the JDK's resolver did not resolve it (" + e.getMessage() + ")");
    }
  }

  /** The lead between {@code run} and offset 0: longer when every closed user starts at once. */
  private static long startLeadNanos(Schedule schedule) {
    if (schedule.workload().arrival() instanceof Arrival.Closed closed
        && closed.starts() == Arrival.UserStarts.ALL_AT_ONCE) {
      return Math.min(MAX_START_LEAD_NANOS, START_LEAD_NANOS + START_LEAD_PER_USER_NANOS * closed.users());
    }
    return START_LEAD_NANOS;
  }

  /** Starts the users at their instants until the schedule ends, the deadline, or a limit. */
  private void dispatch(LegacyRun run, Schedule schedule, UserThreads threads, String prefix)
      throws InterruptedException {
    if (schedule.workload().arrival() instanceof Arrival.Closed closed) {
      // users that start together are started now and park until offset 0 themselves
      boolean together = closed.starts() == Arrival.UserStarts.ALL_AT_ONCE;
      for (int u : schedule.closedUsers()) { // this shard's users (every user unsharded)
        long atNanos = run.startNanos + schedule.closedUserStartOffsetNanos(u);
        if (!launchAt(run, together ? run.ticker.nanoTime() : atNanos, atNanos,
            new UserInstance(run, this::newFetcher, schedule, u, null, atNanos), threads, prefix + u)) {
          return;
        }
      }
      return;
    }
    ArrivalSequence arrivals = schedule.arrivals();
    for (long i = 0; ; i++) {
      long offsetNanos = arrivals.nextOffsetNanos();
      if (offsetNanos == ArrivalSequence.NONE) {
        return;
      }
      long atNanos = run.startNanos + offsetNanos;
      if (!run.accepts(atNanos)) {
        return;
      }
      UserInstance user = new UserInstance(run, this::newFetcher, schedule, -1,
          schedule.ownArrivingSession(i, offsetNanos), atNanos);
      if (!launchAt(run, atNanos, atNanos, user, threads, prefix + i)) {
        return;
      }
    }
  }

  /**
   * Parks until {@code parkUntilNanos}, then starts the thread of the user who starts at {@code
   * atNanos}; false when the ramp must end.
   */
  private static boolean launchAt(LegacyRun run, long parkUntilNanos, long atNanos, UserInstance user,
      UserThreads threads, String name) throws InterruptedException {
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    for (long leftNanos = parkUntilNanos - run.ticker.nanoTime(); leftNanos > 0;
        leftNanos = parkUntilNanos - run.ticker.nanoTime()) {
      LockSupport.parkNanos(leftNanos);
      if (Thread.interrupted()) {
        throw new InterruptedException();
      }
    }
    if (!run.accepts(atNanos) || run.limit() != null) {
      return false;
    }
    run.userStarting(user);
    try {
      threads.newThread(user, name).start();
      return true;
    } catch (OutOfMemoryError e) {
      run.userEnded(user);
      run.limitReached(Failures.limitKind(e), e);
      return false;
    }
  }
}
