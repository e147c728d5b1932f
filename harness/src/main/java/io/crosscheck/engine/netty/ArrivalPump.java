package io.crosscheck.engine.netty;

import io.crosscheck.model.RequestPlan;
import io.crosscheck.schedule.ArrivalSequence;
import io.crosscheck.schedule.RequestCursor;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.SessionPlan;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Open and partly-open models: fires arriving sessions at their scheduled instants, spreading the
 * launched ones over the loops round-robin (launch j to loop j mod n). Runs on one loop, re-arming
 * itself for the next arrival.
 *
 * <p><b>Bounded.</b> A schedule faster than the loops can start sessions must not turn into an
 * unbounded queue (red team: a 1ns gaps file queued ~20 M tasks in one pass, 6.5 GB, and a Ctrl-C
 * then took minutes). So a pass hands out at most {@link #LAUNCHES_PER_PASS} sessions and walks at
 * most {@link #ARRIVALS_PER_PASS} arrivals before it yields its loop; at most {@link
 * #MAX_UNCLAIMED} launched sessions wait for a loop; an arrival that is already more than {@link
 * EngineRun#NOT_SENT_LAG_NANOS} late when the pump reaches it is recorded as not sent by the pump
 * itself (never queued), so the pump never lags the clock by much more than that limit and memory
 * stays bounded whatever the schedule. Past {@link EngineRun#MAX_NOT_SENT_RECORDS} not-sent rows
 * such arrivals are only counted ({@link EngineRun#countNotSentArrivals}, whole cycles of a gaps file at once).
 *
 * <p>Every arrival due before the run's end gets its records (or its count): a loop's task claims
 * its launch as it starts the session; {@link #recordUnreached}, once the loops are down, claims and
 * records as not sent every launch no loop reached, and every arrival the pump had not reached. A
 * loop runs the tasks of one producer (this pump) in the order given, so the launches a loop claimed
 * are the first ones it was handed: one counter per loop, moved by compare-and-set, gives each
 * launch exactly one owner, with no map per arrival.
 */
final class ArrivalPump {
  /** Sessions one pass hands to the loops before it yields the pump's loop to its other tasks. */
  static final int LAUNCHES_PER_PASS = 1_024;
  /** Arrivals one pass walks (launched or recorded as not sent) before it yields. */
  static final int ARRIVALS_PER_PASS = 65_536;
  /** Launched sessions no loop has claimed yet, at most: the loops' queue of arrivals (~10 MB). */
  static final int MAX_UNCLAIMED = 65_536;
  /** How long the pump waits before it looks again when {@link #MAX_UNCLAIMED} are waiting. */
  private static final long FULL_RETRY_NANOS = 1_000_000L;
  /** Slots between two loops' counters in {@link #claimed}: each on its own cache line. */
  private static final int STRIDE = 16;
  /** A counter set to this takes no further claim: recordUnreached owns the rest. */
  private static final long CLOSED = -1;

  private final EngineRun run;
  private final Schedule schedule;
  private final EventLoop[] targets;
  private final EventLoop loop;
  private final ArrivalSequence arrivals;
  /**
   * At slot {@code k * STRIDE}: how many of the launches handed to loop k (j = k, k + n, k + 2n,
   * ...) are claimed; the task of the p-th claims it by moving the count from p to p + 1.
   */
  private final AtomicLongArray claimed;
  /**
   * Arrival index and offset of launches {@link #oldestLaunch} .. {@link #launches} - 1, rings
   * indexed by launch: those a loop may not have claimed yet. Trimmed when full, so they hold the
   * loops' backlog only (at most {@link #MAX_UNCLAIMED} and a pass).
   */
  private long[] launchArrival = new long[1024];
  private long[] launchOffset = new long[1024];
  private long oldestLaunch;
  private long launches;
  /** The next arrival's index (this shard's own) and offset. */
  private long index;
  private long nextOffsetNanos;

  ArrivalPump(EngineRun run, Schedule schedule, EventLoopGroup group) {
    this.run = run;
    this.schedule = schedule;
    List<EventLoop> loops = new ArrayList<>();
    group.forEach(e -> loops.add((EventLoop) e));
    this.targets = loops.toArray(new EventLoop[0]);
    this.claimed = new AtomicLongArray(targets.length * STRIDE);
    this.loop = group.next();
    this.arrivals = schedule.arrivals();
  }

  void start() {
    run.hold();
    nextOffsetNanos = arrivals.nextOffsetNanos();
    arm(Long.MIN_VALUE);
  }

  /** Fires at the next arrival (not before {@code notBeforeNanos}), or releases the run's hold. */
  private synchronized void arm(long notBeforeNanos) {
    long atNanos = run.startNanos + nextOffsetNanos;
    if (nextOffsetNanos == ArrivalSequence.NONE || atNanos >= run.deadlineNanos) {
      run.release();
      return;
    }
    if (run.stopping()) {
      // arrivals due before the stop that the pump never reached are recorded as not sent by
      // recordUnreached once the loops are down: none goes unaccounted
      run.release();
      return;
    }
    run.at(loop, Math.max(atNanos, notBeforeNanos), this::fire);
  }

  private synchronized void fire() {
    long now = run.ticker.nanoTime();
    int launched = 0;
    // every arrival due by now goes out, so a late timer does not thin the stream; but in passes of
    // bounded work, and once stopping, the rest are recordUnreached's
    for (int walked = 0; nextOffsetNanos != ArrivalSequence.NONE && run.startNanos + nextOffsetNanos <= now
        && run.startNanos + nextOffsetNanos < run.deadlineNanos && !run.stopping(); walked++) {
      if (walked == ARRIVALS_PER_PASS || launched == LAUNCHES_PER_PASS) {
        run.later(loop, this::fire); // behind the tasks already queued on this loop
        return;
      }
      long lagNanos = now - (run.startNanos + nextOffsetNanos);
      if (lagNanos > EngineRun.NOT_SENT_LAG_NANOS && run.notSentRecordsFull()) {
        // past the cap of rows: every arrival already too late is counted at once, without a walk
        long limitNanos = Math.min(now - EngineRun.NOT_SENT_LAG_NANOS, run.deadlineNanos) - run.startNanos;
        long skipped = 1 + arrivals.skipBefore(limitNanos);
        index += skipped;
        run.countNotSentArrivals(skipped);
      } else if (lagNanos > EngineRun.NOT_SENT_LAG_NANOS) {
        notSent(index++, nextOffsetNanos, "not sent: the generator was " + lagNanos / 1_000_000 + " ms behind the"
            + " schedule when it reached this arrival (limit " + EngineRun.NOT_SENT_LAG_NANOS / 1_000_000 + " ms)");
      } else if (launches - claimedSeen >= MAX_UNCLAIMED && loopsFull()) {
        arm(now + FULL_RETRY_NANOS); // the loops are this far behind: look again once they took some
        return;
      } else {
        launch(index++, nextOffsetNanos);
        launched++;
      }
      nextOffsetNanos = arrivals.nextOffsetNanos();
    }
    arm(Long.MIN_VALUE);
  }

  /**
   * A lower bound of {@link #claimedTotal()}, refreshed only when it says the loops may be full:
   * claims only grow while the pump runs, and summing every loop's counter per arrival cost a cache
   * miss per loop on the pump's hot path.
   */
  private long claimedSeen;

  /** Whether {@link #MAX_UNCLAIMED} launches wait for a loop, by the counters themselves. */
  private boolean loopsFull() {
    claimedSeen = claimedTotal();
    return launches - claimedSeen >= MAX_UNCLAIMED;
  }

  private long claimedTotal() {
    long sum = 0;
    for (int k = 0; k < targets.length; k++) {
      sum += claimed.get(k * STRIDE);
    }
    return sum;
  }

  private void launch(long arrivalIndex, long offsetNanos) {
    long j = launches++;
    int k = (int) (j % targets.length);
    int slot = k * STRIDE;
    long position = j / targets.length;
    EventLoop target = targets[k];
    remember(j, arrivalIndex, offsetNanos);
    run.hold();
    long intendedNanos = run.startNanos + offsetNanos;
    run.onLoop(target, () -> {
      // once stopping, a session started now would end without a record: recordUnreached
      // records it as not sent instead
      if (run.stopping() || !claimed.compareAndSet(slot, position, position + 1)) {
        return;
      }
      new SessionInstance(run, schedule.ownArrivingSession(arrivalIndex, offsetNanos),
          target, NettyEngine.parallelism(run), complete -> run.release()).start(intendedNanos);
    });
  }

  /** Keeps launch {@code j} (the next one) until a loop has claimed it. */
  private void remember(long j, long arrivalIndex, long offsetNanos) {
    if (j - oldestLaunch == launchOffset.length) {
      oldestLaunch = Math.min(j, firstUnclaimed());
    }
    if (j - oldestLaunch == launchOffset.length) {
      long[] arrivalsGrown = new long[launchOffset.length * 2];
      long[] offsetsGrown = new long[launchOffset.length * 2];
      for (long i = oldestLaunch; i < j; i++) {
        int from = (int) (i & (launchOffset.length - 1));
        int to = (int) (i & (offsetsGrown.length - 1));
        arrivalsGrown[to] = launchArrival[from];
        offsetsGrown[to] = launchOffset[from];
      }
      launchArrival = arrivalsGrown;
      launchOffset = offsetsGrown;
    }
    launchArrival[(int) (j & (launchOffset.length - 1))] = arrivalIndex;
    launchOffset[(int) (j & (launchOffset.length - 1))] = offsetNanos;
  }

  /** The first launch some loop has not claimed yet (or past the last one handed out). */
  private long firstUnclaimed() {
    long first = Long.MAX_VALUE;
    for (int k = 0; k < targets.length; k++) {
      first = Math.min(first, claimed.get(k * STRIDE) * targets.length + k);
    }
    return first;
  }

  /**
   * After the loops are shut down: every arrival due before the run ended (its deadline, or the
   * instant it was stopped) that no loop reached, because the loops were saturated, is recorded
   * with its first requests as not sent ({@code generator-error}, behind-schedule), so every
   * scheduled arrival has its records and the pace line counts the real schedule (past the cap of
   * not-sent rows: counted).
   */
  synchronized void recordUnreached() {
    long endNanos = Math.min(run.deadlineNanos, run.stoppedAtNanos());
    String why = "not sent: the run ended before the generator reached this arrival (its event loops were"
        + " saturated)";
    long[] firstUnclaimed = new long[targets.length];
    for (int k = 0; k < targets.length; k++) {
      firstUnclaimed[k] = claimed.getAndSet(k * STRIDE, CLOSED); // a task running late claims nothing now
    }
    for (long j = oldestLaunch; j < launches; j++) {
      int at = (int) (j & (launchOffset.length - 1));
      long offset = launchOffset[at];
      if (j / targets.length >= firstUnclaimed[(int) (j % targets.length)] && run.startNanos + offset < endNanos) {
        notSent(launchArrival[at], offset, why);
      }
    }
    while (nextOffsetNanos != ArrivalSequence.NONE && run.startNanos + nextOffsetNanos < endNanos) {
      if (run.notSentRecordsFull()) {
        long skipped = 1 + arrivals.skipBefore(endNanos - run.startNanos);
        index += skipped;
        run.countNotSentArrivals(skipped);
      } else {
        notSent(index++, nextOffsetNanos, why);
      }
      nextOffsetNanos = arrivals.nextOffsetNanos();
    }
  }

  /** Records an arrival's first requests as not sent; past the cap of such rows, only counts it. */
  private void notSent(long arrivalIndex, long offsetNanos, String why) {
    if (run.notSentRecordsFull()) {
      run.countNotSentArrivals(1); // no plan built: cheap enough to keep up with any schedule
      return;
    }
    long intendedNanos = run.startNanos + offsetNanos;
    SessionPlan plan = schedule.ownArrivingSession(arrivalIndex, offsetNanos);
    List<RequestPlan> first;
    try {
      first = new RequestCursor(plan).nextGroup(null, run.phaseAt(intendedNanos));
    } catch (RuntimeException e) {
      first = List.of(); // a failing script: its session would have ended at once
    }
    run.recordNotSent(plan, first, intendedNanos, why);
  }
}
