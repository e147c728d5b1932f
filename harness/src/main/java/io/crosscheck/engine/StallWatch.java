package io.crosscheck.engine;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * The watchdog of a load: a stall is a stretch of time in which requests are outstanding and none
 * completes. Fed by a {@link Source} (an engine's {@link EngineProgress}, or what the agent inside an
 * audited generator publishes), polled on its own daemon thread ({@link #start}) or by a test
 * ({@link #poll}). After {@code warningNanos} of stall it hands one line to the warning sink, and
 * another every further {@code warningNanos} while the stall lasts; after {@code timeoutNanos} (0:
 * never) it runs the timeout action once. The stall clock starts at the later of the last
 * completion and the oldest outstanding request's start, so think time with nothing in flight is
 * never a stall. Instants are {@link io.crosscheck.schedule.Ticker} nanoseconds; the sample's
 * {@code oldestStartNanos} must be on the same ticker. Thread-safe: {@link #poll} is synchronized.
 */
public final class StallWatch implements AutoCloseable {
  /** The default {@code --stall-warning}. */
  public static final long DEFAULT_WARNING_NANOS = 10_000_000_000L;

  /**
   * What is outstanding at one instant.
   *
   * @param completed requests that got a reply so far (ok or an HTTP error status; a timeout, reset or refusal is no progress), a running count
   * @param inFlight requests started and not ended
   * @param connections connections those requests are on (-1: not known)
   * @param oldestStartNanos the oldest of them started then (ticker); -1 when not known or none
   */
  public record Sample(long completed, long inFlight, long connections, long oldestStartNanos) {}

  /** Where the samples come from; called on the watch's thread, must not block for long. */
  @FunctionalInterface
  public interface Source {
    Sample sample();
  }

  /**
   * One stall as measured (the longest of a run is kept, or the one that ended it).
   *
   * @param startOffsetNanos when it began, from the watch's start
   * @param durationNanos how long it lasted (up to the last look, while it lasts)
   * @param inFlight requests outstanding at its last look
   * @param connections connections they were on (-1: not known)
   * @param oldestInFlightNanos how long the oldest of them had been outstanding then (-1: not known)
   * @param lastCompletionOffsetNanos the last completion before it, from the watch's start; -1 when
   *     nothing had completed
   * @param completedBefore requests completed before it
   */
  public record Stall(long startOffsetNanos, long durationNanos, long inFlight, long connections,
      long oldestInFlightNanos, long lastCompletionOffsetNanos, long completedBefore) {

    /** The one line printed while it lasts (docs/reference.md, "Stalls", pins the format). */
    public String line() {
      String on = connections < 0 ? "" : String.format(Locale.ROOT, " on %,d connection%s", connections,
          connections == 1 ? "" : "s");
      String oldest = oldestInFlightNanos < 0 ? "" : String.format(Locale.ROOT, ", the oldest for %.1f s",
          oldestInFlightNanos / 1e9);
      String last = lastCompletionOffsetNanos < 0 ? "none completed since the start"
          : String.format(Locale.ROOT, "the last completed at %.1f s after the start (%,d completed)",
              lastCompletionOffsetNanos / 1e9, completedBefore);
      return String.format(Locale.ROOT, "crosscheck: stall: no exchange completed for %.1f s; %,d in flight%s%s; %s",
          durationNanos / 1e9, inFlight, on, oldest, last);
    }
  }

  private final Source source;
  private final io.crosscheck.schedule.Ticker ticker;
  private final long warningNanos;
  private final long timeoutNanos;
  private final Consumer<String> warn;
  private final Runnable onTimeout;
  private final long startNanos;
  private Thread thread;
  private volatile boolean running = true;

  private long lastCompleted = -1;
  private long lastCompletionNanos = -1;
  private long outstandingSinceNanos = -1;
  private int warnings;
  private Stall current;
  private Stall longest;
  private long stalls;
  private boolean timedOut;

  /**
   * @param warningNanos stall length before the first line, and between lines (> 0)
   * @param timeoutNanos stall length that runs {@code onTimeout}; 0 never
   */
  public StallWatch(Source source, io.crosscheck.schedule.Ticker ticker, long warningNanos, long timeoutNanos,
      Consumer<String> warn, Runnable onTimeout) {
    if (warningNanos <= 0 || timeoutNanos < 0) {
      throw new IllegalArgumentException("warning " + warningNanos + " ns, timeout " + timeoutNanos + " ns");
    }
    this.source = source;
    this.ticker = ticker;
    this.warningNanos = warningNanos;
    this.timeoutNanos = timeoutNanos;
    this.warn = warn;
    this.onTimeout = onTimeout;
    this.startNanos = ticker.nanoTime();
  }

  /** Starts a watch that looks every tenth of the warning period (20 ms..500 ms) on a daemon thread. */
  public static StallWatch start(Source source, io.crosscheck.schedule.Ticker ticker, long warningNanos,
      long timeoutNanos, Consumer<String> warn, Runnable onTimeout) {
    StallWatch w = new StallWatch(source, ticker, warningNanos, timeoutNanos, warn, onTimeout);
    long periodMillis = Math.max(20, Math.min(500, warningNanos / 10_000_000L));
    w.thread = new Thread(() -> {
      while (w.running) {
        try {
          Thread.sleep(periodMillis);
        } catch (InterruptedException e) {
          return;
        }
        try {
          w.poll();
        } catch (RuntimeException e) {
          // a source that cannot be read now (a file being replaced) is read at the next look
        }
      }
    }, "crosscheck-stall-watch");
    w.thread.setDaemon(true);
    w.thread.start();
    return w;
  }

  /** One look: updates the stall, prints what is due, runs the timeout action when due. */
  public synchronized void poll() {
    if (!running) {
      return;
    }
    Sample s = source.sample();
    long now = ticker.nanoTime();
    if (s.completed() != lastCompleted) {
      lastCompletionNanos = lastCompleted < 0 && s.completed() == 0 ? -1 : now;
      lastCompleted = s.completed();
      endStall();
      outstandingSinceNanos = s.inFlight() > 0 ? now : -1;
      return;
    }
    if (s.inFlight() <= 0) {
      endStall();
      outstandingSinceNanos = -1;
      return;
    }
    if (outstandingSinceNanos < 0) {
      outstandingSinceNanos = now;
    }
    long since = Math.max(lastCompletionNanos < 0 ? startNanos : lastCompletionNanos,
        s.oldestStartNanos() >= 0 ? Math.max(s.oldestStartNanos(), startNanos) : outstandingSinceNanos);
    long stalledNanos = now - since;
    if (stalledNanos < warningNanos) {
      return;
    }
    if (current == null) {
      stalls++;
    }
    current = new Stall(since - startNanos, stalledNanos, s.inFlight(), s.connections(),
        s.oldestStartNanos() < 0 ? -1 : now - s.oldestStartNanos(),
        lastCompletionNanos < 0 ? -1 : lastCompletionNanos - startNanos, lastCompleted);
    if (longest == null || current.durationNanos() >= longest.durationNanos()) {
      longest = current;
    }
    if (stalledNanos >= (warnings + 1) * warningNanos) {
      warnings = (int) (stalledNanos / warningNanos);
      warn.accept(current.line());
    }
    if (timeoutNanos > 0 && stalledNanos >= timeoutNanos && !timedOut) {
      timedOut = true;
      running = false;
      onTimeout.run();
    }
  }

  private void endStall() {
    current = null;
    warnings = 0;
  }

  /** The longest stall seen (the one that timed out, when one did); null when there was none. */
  public synchronized Stall longest() {
    return longest;
  }

  /** Stalls seen (each at least the warning period long). */
  public synchronized long stalls() {
    return stalls;
  }

  /** True when a stall reached the timeout and the timeout action ran. */
  public synchronized boolean timedOut() {
    return timedOut;
  }

  /** Stops looking; the figures stay readable. */
  @Override
  public void close() {
    running = false;
    Thread t = thread;
    if (t != null) {
      t.interrupt();
    }
  }
}
