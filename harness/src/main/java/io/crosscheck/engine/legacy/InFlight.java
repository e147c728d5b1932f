package io.crosscheck.engine.legacy;

import io.crosscheck.engine.GeneratorFaults;
import io.crosscheck.model.Phase;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.record.Outcome;
import io.crosscheck.record.RequestRecord;
import io.crosscheck.schedule.SessionPlan;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One request of a legacy engine in flight: the mutable holder its user thread fills, frozen into
 * exactly one {@link RequestRecord} by whichever comes first, the user thread ending it or the run
 * aborting it ({@link #abort}); the other's {@link #end} then changes nothing. Fields are volatile
 * because the abort sweep reads them from the run's thread. Instants are ticker nanoseconds.
 */
final class InFlight {
  final LegacyRun run;
  final SessionPlan session;
  final RequestPlan plan;
  final long intendedStartNanos;
  final Phase phase;

  volatile long sendStartNanos = -1;
  volatile long firstByteNanos = -1;
  volatile long lastByteNanos = -1;
  volatile int status;
  /** -1: the client cannot see what it wrote (HttpURLConnection hides the socket). */
  volatile long requestBytes = -1;
  volatile long responseBytes;
  volatile String connectionId = "";
  volatile long connectionOpenNanos = -1;
  volatile boolean connectionReused;
  /** Keep the reply body: the session's script reads it. */
  final boolean keepBody;
  /** The reply body (ISO-8859-1) when {@link #keepBody}, else empty. */
  volatile String body = "";
  /** Closes the request's transport from another thread; null until the transport exists. */
  volatile Runnable canceller;

  private final AtomicBoolean ended = new AtomicBoolean();
  private volatile long endNanos;
  private volatile Outcome outcome;

  InFlight(LegacyRun run, SessionPlan session, RequestPlan plan, long intendedStartNanos, Phase phase,
      boolean keepBody) {
    this.run = run;
    this.keepBody = keepBody;
    this.session = session;
    this.plan = plan;
    this.intendedStartNanos = intendedStartNanos;
    this.phase = phase;
  }

  boolean ended() {
    return ended.get();
  }

  /** How it ended; null while open. */
  Outcome outcome() {
    return outcome;
  }

  /** Ticker instant the request was seen to end (real time, whatever the timing clock). */
  long endNanos() {
    return endNanos;
  }

  /** Ends the request once and writes its record; false when it had already ended. */
  boolean end(Outcome how, String detail) {
    if (!ended.compareAndSet(false, true)) {
      return false;
    }
    endNanos = run.ticker.nanoTime();
    outcome = how;
    boolean complete = how == Outcome.OK || how == Outcome.HTTP_ERROR;
    run.sink.accept(new RequestRecord(
        session.sessionId(), session.userId(), plan.seq(), plan.method(), plan.path(),
        connectionId, connectionOpenNanos, connectionReused, intendedStartNanos, sendStartNanos,
        firstByteNanos, complete ? lastByteNanos : -1, status, requestBytes, responseBytes, how,
        phase, detail == null ? "" : detail));
    run.progress.requestCompleted(how);
    return true;
  }

  /** Ends the request as classified ({@link Failures#classify}); false when it had already ended. */
  boolean end(Failures.Failure f) {
    return f.generatorKind() != null ? endByGenerator(f.generatorKind(), f.detail()) : end(f.outcome(), f.detail());
  }

  /**
   * Ends the request as the generator's own failure ({@code generator-error}), counted once as
   * {@code kind} of {@link GeneratorFaults}; false when it had already ended.
   */
  boolean endByGenerator(String kind, String detail) {
    if (!end(Outcome.GENERATOR_ERROR, detail)) {
      return false;
    }
    run.faults.add(kind, detail);
    return true;
  }

  /** Ends the request as aborted (if still open) and closes its transport so its thread wakes. */
  void abort(String why) {
    if (end(Outcome.ABORTED, why)) {
      cancel();
    }
  }

  /** Closes the transport, if there is one; failures to close are irrelevant at this point. */
  void cancel() {
    Runnable c = canceller;
    if (c != null) {
      try {
        c.run();
      } catch (RuntimeException e) {
        // the record is written; a transport that refuses to close ends with its read timeout
      }
    }
  }
}
