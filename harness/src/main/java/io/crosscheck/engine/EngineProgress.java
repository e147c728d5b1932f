package io.crosscheck.engine;

import java.util.concurrent.atomic.LongAdder;

/**
 * Live counters an engine updates while it runs, read by the progress display and the engine's
 * result; one per run. Thread-safe; cheap to update from event loops.
 */
public final class EngineProgress {
  private final LongAdder sessionsStarted = new LongAdder();
  private final LongAdder sessionsCompleted = new LongAdder();
  private final LongAdder sessionsEnded = new LongAdder();
  private final LongAdder requestsCompleted = new LongAdder();
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

  public void requestCompleted(boolean error) {
    requestsCompleted.increment();
    if (error) {
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
