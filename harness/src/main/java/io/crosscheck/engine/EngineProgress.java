package io.crosscheck.engine;

import java.util.concurrent.atomic.LongAdder;

/**
 * Live counters an engine updates while it runs, read by the progress display, the stall watch
 * ({@link #stallSample}) and the engine's result; one per run. Thread-safe; cheap to update from
 * event loops.
 */
public final class EngineProgress {
  /**
   * What an engine's requests in flight are on, looked at by the stall watch (about once a second,
   * off the engine's threads): how many connections carry one, and when the oldest started.
   *
   * @param connections connections with a request in flight
   * @param oldestStartNanos the oldest such request's start (ticker), -1 when none
   */
  public record InFlightView(long connections, long oldestStartNanos) {}

  private final LongAdder requestsStarted = new LongAdder();
  private volatile java.util.function.Supplier<InFlightView> inFlightView;
  private final LongAdder sessionsStarted = new LongAdder();
  private final LongAdder sessionsCompleted = new LongAdder();
  private final LongAdder sessionsEnded = new LongAdder();
  private final LongAdder requestsCompleted = new LongAdder();
  /** Requests that got a reply (ok or an HTTP error status): what the stall watch counts as progress. */
  private final LongAdder replies = new LongAdder();
  private final LongAdder errors = new LongAdder();
  private final LongAdder connectionsOpened = new LongAdder();

  public void sessionStarted() {
    sessionsStarted.increment();
  }

  /** A session ended; {@code completed} when it ran to its last request. */
  public void sessionEnded(boolean completed) {
    if (completed) {
      sessionsCompleted.increment();
    }
    sessionEnded();
  }

  public void sessionEnded() {
    sessionsEnded.increment();
  }

  /** A request is issued (every issued request later ends with {@link #requestCompleted}). */
  public void requestStarted() {
    requestsStarted.increment();
  }

  /** The engine's view of what its requests in flight are on; set once, when its run starts. */
  public void inFlightView(java.util.function.Supplier<InFlightView> view) {
    this.inFlightView = view;
  }

  /**
   * The stall watch's sample: replies (requests that got one), requests in flight (started less ended), and, when
   * the engine gave a view, their connections and the oldest start.
   */
  public StallWatch.Sample stallSample() {
    // a timeout, a reset or a request refused at once ends a request without an exchange completing:
    // against a dead server they would pass for progress and hide the stall
    long completed = replies.sum();
    long inFlight = Math.max(0, requestsStarted.sum() - requestsCompleted.sum());
    java.util.function.Supplier<InFlightView> v = inFlightView;
    InFlightView view = v == null || inFlight == 0 ? null : v.get();
    if (view != null && view.connections() == 0) {
      // nothing is on a connection or connecting: whatever the counters say, no request waits on the
      // network (a request queued for a connection waits for a busy one, so it counts one)
      inFlight = 0;
    }
    return new StallWatch.Sample(completed, inFlight, view == null ? -1 : view.connections(),
        view == null ? -1 : view.oldestStartNanos());
  }

  /** A request ended with {@code outcome} (every outcome: ok, an HTTP error, a failure). */
  public void requestCompleted(io.crosscheck.record.Outcome outcome) {
    requestsCompleted.increment();
    if (outcome == io.crosscheck.record.Outcome.OK || outcome == io.crosscheck.record.Outcome.HTTP_ERROR) {
      replies.increment();
    }
    if (outcome.isError()) {
      errors.increment();
    }
  }

  public void connectionOpened() {
    connectionsOpened.increment();
  }

  public long activeSessions() {
    return sessionsStarted.sum() - sessionsEnded.sum();
  }

  /** Sessions that ran to their last request. */
  public long sessionsCompleted() {
    return sessionsCompleted.sum();
  }

  public long sessionsStarted() {
    return sessionsStarted.sum();
  }

  public long requestsCompleted() {
    return requestsCompleted.sum();
  }

  public long errors() {
    return errors.sum();
  }

  public long connectionsOpened() {
    return connectionsOpened.sum();
  }
}
