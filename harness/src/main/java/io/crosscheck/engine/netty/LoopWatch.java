package io.crosscheck.engine.netty;

import io.crosscheck.engine.ThreadScheduling;
import io.crosscheck.schedule.Ticker;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Witness of a real-time loop that holds its core ({@link io.crosscheck.engine.EngineLayout#ONE_CORE}):
 * a thread one real-time priority above the loop, so it runs even when the loop does not let the
 * core go, that looks every {@value #PERIOD_MILLIS} ms whether the loop has been awake without
 * sleeping for more than {@value #HELD_MILLIS} ms (its strategy sleeps at least every
 * {@link io.crosscheck.engine.EngineLayout#RUN_LIMIT_NANOS}, so it never should) and, if so, takes
 * the loop thread's stack and says it (stderr and the engine's notes), at most {@value #MAX_REPORTS}
 * times a run. Two-host audits fell ~960 ms behind their schedule at 1,000-5,000 sessions in about one
 * in eight runs, the JVM in user mode and allocating nothing while its other threads waited
 * (bench/results/2026-11-29/loop-stall/): where the loop spins then is what this is for.
 */
final class LoopWatch implements AutoCloseable {
  static final long PERIOD_MILLIS = 50;
  static final long HELD_MILLIS = 250;
  static final int MAX_REPORTS = 3;
  private static final int STACK_FRAMES = 40;

  private final SpinSelectStrategy strategy;
  private final Thread loopThread;
  private final Ticker ticker;
  private final PrintStream err;
  private final Thread thread;
  private final List<String> reports = new ArrayList<>();
  private volatile boolean stopped;
  private volatile String noRealtime;

  LoopWatch(SpinSelectStrategy strategy, Thread loopThread, Ticker ticker, PrintStream err) {
    this.strategy = strategy;
    this.loopThread = loopThread;
    this.ticker = ticker;
    this.err = err;
    this.thread = new Thread(this::watch, "crosscheck-loop-watch");
    thread.setDaemon(true);
    thread.start();
  }

  private void watch() {
    try {
      ThreadScheduling.fifo(ThreadScheduling.LOOP_FIFO_PRIORITY + 1);
    } catch (IOException | RuntimeException e) {
      noRealtime = e.getMessage(); // at normal priority it would be starved by the very thing it watches
      return;
    }
    boolean reported = false;
    while (!stopped) {
      try {
        Thread.sleep(PERIOD_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      long heldNanos = strategy.awakeForNanos(ticker.nanoTime());
      if (heldNanos > HELD_MILLIS * 1_000_000L) {
        if (!reported && reports.size() < MAX_REPORTS) {
          reported = true;
          report(heldNanos);
        }
      } else {
        reported = false; // it rested since: the next hold is a new one
      }
    }
  }

  private void report(long heldNanos) {
    StackTraceElement[] stack = loopThread.getStackTrace();
    StringBuilder b = new StringBuilder();
    b.append(String.format(java.util.Locale.ROOT,
        "the event loop held its core %,d ms without sleeping (its strategy sleeps every 1 ms); its stack then:",
        heldNanos / 1_000_000));
    for (int i = 0; i < Math.min(STACK_FRAMES, stack.length); i++) {
      b.append("\n    at ").append(stack[i]);
    }
    String text = b.toString();
    synchronized (reports) {
      reports.add(text);
    }
    err.println("crosscheck: " + text);
  }

  /** What it saw (each report with the loop's stack), and whether it could watch at all. */
  List<String> notes() {
    List<String> out;
    synchronized (reports) {
      out = new ArrayList<>(reports);
    }
    if (noRealtime != null) {
      out.add("the loop watch did not run (no real-time priority for it: " + noRealtime + ")");
    }
    return out;
  }

  @Override
  public void close() {
    stopped = true;
    thread.interrupt();
  }
}
