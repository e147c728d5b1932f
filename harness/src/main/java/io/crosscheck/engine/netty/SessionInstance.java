package io.crosscheck.engine.netty;

import io.crosscheck.model.Phase;
import io.crosscheck.schedule.RequestPlan;
import io.crosscheck.schedule.SessionPlan;
import io.netty.channel.EventLoop;
import java.util.ArrayDeque;
import java.util.List;

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
  private final Runnable onEnd;
  private final ArrayDeque<RequestPlan> waiting = new ArrayDeque<>();
  private long groupIntendedNanos;
  private Phase groupPhase;
  private long groupEndNanos;
  private int next;
  private int pending;
  private boolean ended;

  SessionInstance(EngineRun run, SessionPlan plan, EventLoop loop, int parallelism, Runnable onEnd) {
    this.run = run;
    this.plan = plan;
    this.loop = loop;
    this.lanes = new ClientConnection[parallelism];
    this.onEnd = onEnd;
  }

  /** Starts the first group at {@code intendedStartNanos} (now or later). Call on {@link #loop}. */
  void start(long intendedStartNanos) {
    run.sessionStarted();
    scheduleGroup(intendedStartNanos);
  }

  private void scheduleGroup(long intendedNanos) {
    List<RequestPlan> requests = plan.requests();
    if (next >= requests.size() || !run.accepts(intendedNanos)) {
      end(next >= requests.size());
      return;
    }
    run.at(loop, intendedNanos, () -> startGroup(intendedNanos));
  }

  private void startGroup(long intendedNanos) {
    if (run.stopping()) {
      end(false);
      return;
    }
    List<RequestPlan> requests = plan.requests();
    groupIntendedNanos = intendedNanos;
    groupPhase = run.phaseAt(intendedNanos);
    groupEndNanos = Long.MIN_VALUE;
    do {
      waiting.add(requests.get(next));
      next++;
    } while (next < requests.size() && requests.get(next).burstWithPrevious());
    pending = waiting.size();
    for (int lane = 0; lane < lanes.length && !waiting.isEmpty(); lane++) {
      issue(lane);
    }
  }

  private void issue(int lane) {
    Exchange ex = new Exchange(this, waiting.poll(), lane, groupIntendedNanos, groupPhase);
    run.issued();
    run.source.dispatch(ex);
  }

  /** {@code ex} ended (its record is already written). Call on {@link #loop}. */
  void exchangeEnded(Exchange ex) {
    pending--;
    groupEndNanos = Math.max(groupEndNanos, ex.endNanos());
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
    if (pending == 0) {
      List<RequestPlan> requests = plan.requests();
      long think = next < requests.size() ? requests.get(next).thinkBeforeNanos() : 0;
      scheduleGroup(groupEndNanos + think); // think starts when the user has the whole reply
    }
  }

  private void end(boolean completed) {
    if (ended) {
      return;
    }
    ended = true;
    run.source.sessionEnded(this);
    run.sessionEnded(completed);
    onEnd.run();
  }
}
