package io.crosscheck.engine.netty;

import io.crosscheck.model.Phase;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.schedule.RequestCursor;
import io.crosscheck.schedule.SessionPlan;
import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A running session of the Netty engine: walks its {@link SessionPlan} group by group. A group is
 * a request and the burst members that follow it (wsesslog indented lines); its requests go out on
 * up to {@code parallelism} lanes (K for the browser policy, 1 otherwise), and the next group
 * starts the planned think time after the whole group's last reply.
 *
 * <p>Intended starts: the first group at the session's start, each later group at the end of the
 * previous group plus its think time; every burst member shares its group's intended start, so
 * waiting for a lane counts as latency from intended start, not as service time.
 *
 * <p>Confined to {@link #loop}.
 */
final class SessionInstance {
  final EngineRun run;
  final SessionPlan plan;
  final EventLoop loop;
  final ClientConnection[] lanes;
  private final Consumer<Boolean> onEnd;
  final RequestCursor cursor;
  private final ArrayDeque<RequestPlan> waiting = new ArrayDeque<>();
  private List<RequestPlan> nextGroup;
  private long groupIntendedNanos;
  private Phase groupPhase;
  private long groupEndNanos;
  private Reply lastReply;
  private int pending;
  private boolean ended;

  /**
   * @param onEnd told whether the session ran to its end (true) or was cut by the deadline or a
   *     stop (false): a closed user starts its next session only after a complete one
   */
  SessionInstance(EngineRun run, SessionPlan plan, EventLoop loop, int parallelism, Consumer<Boolean> onEnd) {
    this.run = run;
    this.plan = plan;
    this.loop = loop;
    this.lanes = new ClientConnection[parallelism];
    this.onEnd = onEnd;
    this.cursor = new RequestCursor(plan);
  }

  /** Starts the first group at {@code intendedStartNanos} (now or later). Call on {@link #loop}. */
  void start(long intendedStartNanos) {
    run.progress.sessionStarted();
    if (advance(null, run.phaseAt(intendedStartNanos))) {
      // a script may have its user think before the first request (TPC-W's browser before its Home)
      scheduleGroup(intendedStartNanos + nextGroup.get(0).thinkBeforeNanos());
    }
  }

  /**
   * Takes the next group from the cursor, decided in {@code phase} (the run's phase at the previous
   * group's end); false (and the session ended) when there is none.
   */
  private boolean advance(Reply previous, Phase phase) {
    try {
      nextGroup = cursor.nextGroup(previous, phase);
    } catch (RuntimeException e) {
      nextGroup = List.of(); // a script that fails ends its session; the records so far stand
    }
    if (nextGroup.isEmpty()) {
      end(true);
      return false;
    }
    return true;
  }

  private void scheduleGroup(long intendedNanos) {
    if (intendedNanos < run.deadlineNanos && behindSchedule(intendedNanos)) {
      return;
    }
    if (!run.accepts(intendedNanos)) {
      end(false);
      return;
    }
    run.at(loop, intendedNanos, () -> startGroup(intendedNanos));
  }

  private void startGroup(long intendedNanos) {
    if (behindSchedule(intendedNanos)) {
      return;
    }
    if (run.stopping()) {
      end(false);
      return;
    }
    groupIntendedNanos = intendedNanos;
    groupPhase = run.phaseAt(intendedNanos);
    groupEndNanos = Long.MIN_VALUE;
    waiting.addAll(nextGroup);
    pending = waiting.size();
    for (int lane = 0; lane < lanes.length && !waiting.isEmpty(); lane++) {
      issue(lane);
    }
  }

  private void issue(int lane) {
    InFlightExchange ex = new InFlightExchange(this, waiting.poll(), lane, groupIntendedNanos, groupPhase);
    run.issued();
    run.source.dispatch(ex);
  }

  /**
   * Arriving sessions (open and partly-open models) only: when the group due at {@code
   * intendedNanos} would start more than {@link
   * EngineRun#NOT_SENT_LAG_NANOS} late (the generator's loops are saturated), records its requests
   * as not sent ({@code generator-error}), cheaply, instead of adding their connects to the
   * backlog, and ends the session; true then.
   */
  private boolean behindSchedule(long intendedNanos) {
    if (plan.arrivalOffsetNanos() < 0) {
      // a closed user is not dropped: it sends late (the pace line counts it) and goes on, as a
      // real user would after a pause; skipping would end its session, and so the user, for good
      return false;
    }
    long nowNanos = run.ticker.nanoTime();
    long lagNanos = nowNanos - intendedNanos;
    if (lagNanos <= EngineRun.NOT_SENT_LAG_NANOS) {
      return false;
    }
    String why = "not sent: the generator was " + TimeUnit.NANOSECONDS.toMillis(lagNanos)
        + " ms behind the schedule (limit " + TimeUnit.NANOSECONDS.toMillis(EngineRun.NOT_SENT_LAG_NANOS) + " ms)";
    run.recordNotSent(plan, nextGroup, intendedNanos, why);
    end(false);
    return true;
  }

  /** {@code ex} ended (its record is already written). Call on {@link #loop}. */
  void exchangeEnded(InFlightExchange ex) {
    pending--;
    groupEndNanos = Math.max(groupEndNanos, ex.endNanos());
    lastReply = ex.reply();
    if (!run.accepts(run.ticker.nanoTime())) {
      // stopped, or past the deadline: burst members not yet sent are never issued
      pending -= waiting.size();
      waiting.clear();
      if (pending == 0) {
        end(false);
      }
      return;
    }
    if (!waiting.isEmpty()) {
      issue(ex.lane);
      return;
    }
    if (pending == 0 && advance(lastReply, run.phaseAt(groupEndNanos))) {
      // think starts when the user has the whole reply
      scheduleGroup(groupEndNanos + nextGroup.get(0).thinkBeforeNanos());
    }
  }

  private void end(boolean completed) {
    if (ended) {
      return;
    }
    ended = true;
    run.source.sessionEnded(this);
    run.progress.sessionEnded(completed);
    onEnd.accept(completed);
  }
}
