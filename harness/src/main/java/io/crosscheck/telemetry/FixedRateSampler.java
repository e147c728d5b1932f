package io.crosscheck.telemetry;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * The sampling thread of {@link TelemetryRecorder} and {@link ServerMonitor}: a daemon thread that
 * calls its tick at fixed rate on the monotonic clock ({@link System#nanoTime()}), with the tick's
 * instant. A late tick is taken late; ticks missed because the thread was held up (a GC pause, an
 * overloaded host) are skipped and counted, so each row's rates use its real interval.
 *
 * <p>Thread-safety: {@link #start} and {@link #stop} may be called from any thread; the tick runs
 * on the sampler thread only, and what it wrote is visible to the caller of {@link #stop} once
 * that returns true (the thread was joined).
 */
final class FixedRateSampler {
  /** The problem to report when {@link #stop} returned false. */
  static final String NOT_STOPPED = "the sampler thread did not stop within 5 s; rows after it are missing";

  private final Thread thread;
  private final long startNanos;
  private final long periodNanos;
  private final LongConsumer tick;
  private volatile boolean stopping;
  private long skippedTicks; // sampler thread; read after join

  /** {@code startNanos}: the monotonic instant the first tick is one period after. */
  FixedRateSampler(String threadName, long startNanos, long periodNanos, LongConsumer tick) {
    this.startNanos = startNanos;
    this.periodNanos = periodNanos;
    this.tick = tick;
    this.thread = new Thread(this::loop, threadName);
    this.thread.setDaemon(true);
  }

  void start() {
    thread.start();
  }

  private void loop() {
    long nextNanos = startNanos + periodNanos;
    while (!stopping) {
      long now = System.nanoTime();
      if (now - nextNanos < 0) {
        LockSupport.parkNanos(this, nextNanos - now);
        continue;
      }
      tick.accept(now);
      nextNanos += periodNanos;
      if (now - nextNanos >= 0) { // stalled for a whole period or more (e.g. a GC pause)
        long behind = (now - nextNanos) / periodNanos + 1;
        skippedTicks += behind;
        nextNanos += behind * periodNanos;
      }
    }
  }

  /**
   * Stops ticking and waits up to 5 s for the thread to end (an interrupt of the caller ends the
   * wait and is kept: a shutdown finishes its file with what it has).
   *
   * @return true when the thread ended: its state is then safe to read and no tick runs any more
   */
  boolean stop() {
    stopping = true;
    LockSupport.unpark(thread);
    try {
      thread.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return !thread.isAlive();
  }

  /** The problem to report about skipped ticks, or null when none were; after {@link #stop}. */
  String skippedProblem() {
    return skippedTicks > 0 ? skippedTicks + " sampling ticks skipped (the sampler was held up)" : null;
  }
}
