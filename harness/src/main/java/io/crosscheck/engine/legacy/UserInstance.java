package io.crosscheck.engine.legacy;

import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.model.Arrival;
import io.crosscheck.model.Phase;
import io.crosscheck.model.Reply;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.record.Outcome;
import io.crosscheck.schedule.RequestCursor;
import io.crosscheck.schedule.Schedule;
import io.crosscheck.schedule.SessionPlan;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * One emulated user of a legacy engine, the body of its own thread: a closed user runs its
 * sessions back to back until they run out or the deadline passes; an arriving user (open and
 * partly-open models) runs its one session. Requests go out one after another on this thread,
 * burst members too (RUBiS fetches a page's images sequentially).
 *
 * <p>Intended starts follow the Netty engine: the first request at the session's start, each
 * later group (a request and its burst members, which share its intended start) at the end of the
 * previous group plus the planned think time. The thread parks until each intended start.
 */
final class UserInstance implements Runnable {
  private final LegacyRun run;
  private final Function<LegacyRun, Fetcher> fetchers;
  private final Schedule schedule;
  private final int closedUser;
  private final SessionPlan arriving;
  private final long firstIntendedNanos;
  /** The request this user has in flight, for the abort sweep; null between requests. */
  private volatile InFlight current;
  private volatile Thread thread;

  /** A closed user ({@code arriving == null}) or an arriving session's user. */
  UserInstance(LegacyRun run, Function<LegacyRun, Fetcher> fetchers, Schedule schedule, int closedUser,
      SessionPlan arriving, long firstIntendedNanos) {
    this.run = run;
    this.fetchers = fetchers;
    this.schedule = schedule;
    this.closedUser = closedUser;
    this.arriving = arriving;
    this.firstIntendedNanos = firstIntendedNanos;
  }

  /** The request this user has in flight, null between requests; any thread. */
  InFlight inFlight() {
    return current;
  }

  @Override
  public void run() {
    thread = Thread.currentThread();
    Fetcher fetcher = null;
    try {
      if (!sleepUntil(firstIntendedNanos) || !run.accepts(firstIntendedNanos)) {
        firstRequestsNotSent(arriving != null ? arriving : schedule.closedSession(closedUser, 0));
        return;
      }
      fetcher = fetchers.apply(run);
      if (arriving != null) {
        runSession(fetcher, arriving, firstIntendedNanos);
        return;
      }
      Arrival.Closed closed = (Arrival.Closed) schedule.workload().arrival();
      long at = firstIntendedNanos;
      for (long k = 0; closed.sessionsPerUser() == 0 || k < closed.sessionsPerUser(); k++) {
        if (!run.accepts(at) || !runSession(fetcher, schedule.closedSession(closedUser, k), at)) {
          return;
        }
        at = run.ticker.nanoTime(); // back to back: the next session starts when this one ends
      }
    } catch (OutOfMemoryError e) {
      run.limitReached(Failures.limitKind(e), e); // e.g. the heap, creating this user's client
    } finally {
      if (fetcher != null) {
        fetcher.close();
      }
      run.userEnded(this);
    }
  }

  /** Runs one session; false when the user must stop (deadline, stop, or a resource limit). */
  private boolean runSession(Fetcher fetcher, SessionPlan plan, long intendedNanos) {
    run.progress.sessionStarted();
    RequestCursor cursor = new RequestCursor(plan);
    List<RequestPlan> group = nextGroup(cursor, null, run.phaseAt(intendedNanos));
    // a script may have its user think before the first request (TPC-W's browser before its Home)
    long at = group.isEmpty() ? intendedNanos : intendedNanos + group.get(0).thinkBeforeNanos();
    boolean go = true;
    while (go && !group.isEmpty()) {
      if (!run.accepts(at) || !sleepUntil(at)) {
        notSentIfDue(plan, group, at);
        break;
      }
      Phase phase = run.phaseAt(at);
      InFlight last = null;
      for (int i = 0; go && i < group.size(); i++) {
        // no burst member starts after the deadline or a stop
        go = i == 0 || run.accepts(run.ticker.nanoTime());
        if (go) {
          last = fetch(fetcher, plan, group.get(i), at, phase, cursor.needsBody());
          go = last != null;
        }
      }
      if (go) {
        boolean complete = last.outcome() == Outcome.OK || last.outcome() == Outcome.HTTP_ERROR;
        // the user decides (and a script draws its think time) when the reply has ended
        group = nextGroup(cursor, new Reply(last.status, complete, last.body), run.phaseAt(last.endNanos()));
        if (!group.isEmpty()) {
          at = last.endNanos() + group.get(0).thinkBeforeNanos(); // think starts at the reply's end
        }
      }
    }
    boolean completed = group.isEmpty() && go;
    run.progress.sessionEnded(completed);
    return completed;
  }

  /**
   * The user stopped before its first session's first requests: recorded as not sent when they
   * were due before the run ended (this thread started too late, on a saturated host).
   */
  private void firstRequestsNotSent(SessionPlan plan) {
    if (!run.dueBeforeEnd(firstIntendedNanos)) {
      return; // the common case: nothing was due (a ramp cut short by the deadline, a stop)
    }
    List<RequestPlan> first = nextGroup(new RequestCursor(plan), null, run.phaseAt(firstIntendedNanos));
    notSentIfDue(plan, first, first.isEmpty() ? firstIntendedNanos : firstIntendedNanos + first.get(0).thinkBeforeNanos());
  }

  /** Records {@code group}, due at {@code intendedNanos} and never sent, when it was due before the run ended. */
  private void notSentIfDue(SessionPlan plan, List<RequestPlan> group, long intendedNanos) {
    if (!group.isEmpty() && run.dueBeforeEnd(intendedNanos)) {
      run.recordNotSent(plan, group, intendedNanos, NOT_REACHED);
    }
  }

  /** The detail of a not-sent record of this engine. */
  static final String NOT_REACHED = "not sent: due before the run ended, but the run ended (its deadline and"
      + " grace, or a stop) before this user's thread reached it (a host too busy to schedule the thread in time)";

  /** The cursor's next group; a script that fails ends its session (its records stand). */
  private static List<RequestPlan> nextGroup(RequestCursor cursor, Reply previous, Phase phase) {
    try {
      return cursor.nextGroup(previous, phase);
    } catch (RuntimeException e) {
      return List.of();
    }
  }

  /** Issues one request; returns it once it ended, or null when the user must stop. */
  private InFlight fetch(Fetcher fetcher, SessionPlan plan, RequestPlan request, long intendedNanos, Phase phase,
      boolean keepBody) {
    InFlight ex = new InFlight(run, plan, request, intendedNanos, phase, keepBody);
    run.requestsIssued.increment();
    run.progress.requestStarted();
    current = ex;
    try {
      if (run.stopping()) {
        // the abort sweep may have looked before this request was visible: end it here
        ex.end(Outcome.ABORTED, "run stopped");
        return null;
      }
      fetcher.fetch(ex);
      if (!ex.ended()) {
        ex.end(Outcome.INVALID, "the client returned without an outcome");
      }
      return ex;
    } catch (OutOfMemoryError e) {
      LegacyEngineLimit.Kind kind = Failures.limitKind(e);
      run.limitReached(kind, e);
      ex.endByGenerator(kind == LegacyEngineLimit.Kind.NATIVE_THREADS ? GeneratorFaults.THREADS
          : GeneratorFaults.CLIENT_LIMIT, "client limit (" + kind.label() + "): " + e);
      return null;
    } catch (RuntimeException e) {
      ex.end(Outcome.INVALID, e.toString());
      return ex;
    } catch (Error e) {
      // e.g. a JDK class whose initialiser failed for want of a file descriptor: this user is
      // broken, the request still gets its record
      if (Failures.isOpenFiles(e)) {
        run.limitReached(LegacyEngineLimit.Kind.OPEN_FILES, e);
        ex.endByGenerator(GeneratorFaults.FILE_DESCRIPTORS, "client error: " + e);
      } else {
        ex.end(Outcome.ABORTED, "client error: " + e);
      }
      return null;
    } finally {
      current = null;
    }
  }

  /** Parks until {@code atNanos}; false when interrupted or the run stops meanwhile. */
  private boolean sleepUntil(long atNanos) {
    while (true) {
      if (run.stopping() || Thread.currentThread().isInterrupted()) {
        return false;
      }
      long leftNanos = atNanos - run.ticker.nanoTime();
      if (leftNanos <= 0) {
        return true;
      }
      LockSupport.parkNanos(leftNanos);
    }
  }

  /** Ends the request in flight as aborted and wakes the thread. Called by the run's thread. */
  void abort(String why) {
    InFlight ex = current;
    if (ex != null) {
      ex.abort(why);
    }
    Thread t = thread;
    if (t != null) {
      t.interrupt();
    }
  }
}
