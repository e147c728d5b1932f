package io.crosscheck.run;

import io.crosscheck.engine.EngineProgress;
import io.crosscheck.schedule.Ticker;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A one-line progress display on a terminal: elapsed time, active sessions, requests per second
 * over the last second, errors, connections opened. Redraws in place once a second after a short
 * delay (short runs print nothing). Runs on its own daemon thread; {@link #close()} erases the
 * line.
 */
public final class ProgressDisplay implements AutoCloseable {
  private static final long FIRST_DRAW_AFTER_NANOS = 2_000_000_000L;
  private static final long PERIOD_MILLIS = 1000;

  private final EngineProgress progress;
  private final Ticker ticker;
  private final PrintStream out;
  private final Thread thread;
  private volatile boolean running = true;
  private boolean drawn;

  private ProgressDisplay(EngineProgress progress, Ticker ticker, PrintStream out) {
    this.progress = progress;
    this.ticker = ticker;
    this.out = out;
    this.thread = new Thread(this::loop, "crosscheck-progress");
    thread.setDaemon(true);
  }

  /**
   * Starts a display when {@code mode} is "on", or "auto" and stderr is a terminal; otherwise
   * returns a display that does nothing.
   */
  public static ProgressDisplay start(String mode, EngineProgress progress, Ticker ticker) {
    ProgressDisplay d = new ProgressDisplay(progress, ticker, System.err);
    boolean on = "on".equals(mode) || ("auto".equals(mode) && System.console() != null);
    if (on) {
      d.thread.start();
    } else {
      d.running = false;
    }
    return d;
  }

  private void loop() {
    long startNanos = ticker.nanoTime();
    long lastRequests = 0;
    long lastNanos = startNanos;
    while (running) {
      try {
        Thread.sleep(PERIOD_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      long now = ticker.nanoTime();
      long requests = progress.requestsCompleted();
      double perSecond = (requests - lastRequests) * 1e9 / Math.max(1, now - lastNanos);
      lastRequests = requests;
      lastNanos = now;
      if (now - startNanos < FIRST_DRAW_AFTER_NANOS || !running) {
        continue;
      }
      synchronized (this) {
        out.printf(
            Locale.ROOT,
            "\r[%7.1fs] sessions active %,d | %,.0f req/s | requests %,d | errors %,d | connections %,d   ",
            (now - startNanos) / 1e9,
            progress.activeSessions(),
            perSecond,
            requests,
            progress.errors(),
            progress.connectionsOpened());
        out.flush();
        drawn = true;
      }
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
    synchronized (this) {
      if (drawn) {
        out.print("\r" + " ".repeat(110) + "\r");
        out.flush();
      }
    }
  }
}
