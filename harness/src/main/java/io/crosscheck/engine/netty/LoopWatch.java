package io.crosscheck.engine.netty;

import io.crosscheck.engine.ThreadScheduling;
import io.crosscheck.schedule.Ticker;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Witness of a real-time loop that holds its core ({@link io.crosscheck.engine.EngineLayout#ONE_CORE}):
 * a thread one real-time priority above the loop, so it runs even when the loop does not let the
 * core go, that looks every {@value #PERIOD_MILLIS} ms whether, for more than {@value #HELD_MILLIS} ms,
 *
 * <ul>
 *   <li>the loop has been awake without sleeping (its strategy sleeps at least every {@link
 *       io.crosscheck.engine.EngineLayout#RUN_LIMIT_NANOS}, so it never should), or
 *   <li>the loop has not called its strategy while its thread used the core (the kernel's count of
 *       its CPU time, {@code /proc/self/task/TID/stat}): it is stuck inside one iteration, in the
 *       handling of ready sockets or of tasks, where the strategy cannot see it;
 * </ul>
 *
 * <p>and, if so, takes the loop thread's stack and says it (stderr and the engine's notes), at most
 * {@value #MAX_REPORTS} times a run. Two-host audits at 5,000 sessions fell ~960 ms behind their
 * schedule in about one of three (bench/results/2026-11-29/loop-stall/NOTES.md has the count), every
 * normal-priority thread starved, the JVM's own periodic safepoint included; this watch and a profile
 * found the loop spinning in HotSpot's handle_wrong_method then.
 */
final class LoopWatch implements AutoCloseable {
  static final long PERIOD_MILLIS = 50;
  static final long HELD_MILLIS = 250;
  static final int MAX_REPORTS = 3;
  private static final int STACK_FRAMES = 40;
  private static final long TICK_NANOS = 10_000_000L; // USER_HZ 100: /proc's CPU times are in 10 ms ticks

  private final SpinSelectStrategy strategy;
  private final Thread loopThread;
  private final long loopTid;
  private final Ticker ticker;
  private final PrintStream err;
  private final Thread thread;
  private final List<String> reports = new ArrayList<>();
  private volatile boolean stopped;
  private volatile String noRealtime;

  /** @param loopTid the loop thread's kernel id, or -1 when unknown (only the first condition is watched) */
  LoopWatch(SpinSelectStrategy strategy, Thread loopThread, long loopTid, Ticker ticker, PrintStream err) {
    this.strategy = strategy;
    this.loopThread = loopThread;
    this.loopTid = loopTid;
    this.ticker = ticker;
    this.err = err;
    this.thread = new Thread(this::watch, "crosscheck-loop-watch");
    thread.setDaemon(true);
    thread.start();
  }

  /** The calling thread's kernel id ({@code /proc/thread-self}), or -1 when it cannot be read. */
  static long currentTid() {
    try {
      String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString(); // PID/task/TID
      return Long.parseLong(link.substring(link.lastIndexOf('/') + 1));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private void watch() {
    try {
      ThreadScheduling.fifo(ThreadScheduling.LOOP_FIFO_PRIORITY + 1);
    } catch (IOException | RuntimeException e) {
      noRealtime = e.getMessage(); // at normal priority it would be starved by the very thing it watches
      return;
    }
    boolean reported = false;
    long lastCalls = strategy.calls();
    long callsSinceNanos = ticker.nanoTime();
    long cpuTicksThen = cpuTicks();
    long wokeNanos = System.nanoTime(); // its own sleep, on the real clock
    long loopCpuAtWake = cpuTicksThen;
    while (!stopped) {
      try {
        Thread.sleep(PERIOD_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      long now = ticker.nanoTime();
      long calls = strategy.calls();
      long cpu = cpuTicks();
      long realNow = System.nanoTime();
      long sleptNanos = realNow - wokeNanos;
      if (sleptNanos > (PERIOD_MILLIS + HELD_MILLIS) * 1_000_000L && reports.size() < MAX_REPORTS) {
        // the watch outranks the loop, so it was kept off the core by something a priority cannot preempt
        long loopNanos = cpu >= 0 && loopCpuAtWake >= 0 ? (cpu - loopCpuAtWake) * TICK_NANOS : -1;
        report(loopNanos * 10 >= sleptNanos * 8
            ? String.format(Locale.ROOT, "held cpu0 while the watch, one real-time priority above it, could not"
                + " run: it slept %,d ms for %,d while the loop's thread used %,d ms of CPU (the loop in a system"
                + " call, which this kernel does not preempt, or the watch, a Java thread, held at a pending"
                + " safepoint)", sleptNanos / 1_000_000, PERIOD_MILLIS, loopNanos / 1_000_000)
            : String.format(Locale.ROOT, "was not what held cpu0: the watch, one real-time priority above it, slept"
                + " %,d ms for %,d while the loop's thread used %s of CPU (the kernel, the hypervisor or a thread of"
                + " higher priority had it)", sleptNanos / 1_000_000, PERIOD_MILLIS,
                loopNanos < 0 ? "an unknown amount" : String.format(Locale.ROOT, "%,d ms", loopNanos / 1_000_000)));
      }
      wokeNanos = realNow;
      loopCpuAtWake = cpu;
      if (calls != lastCalls) {
        lastCalls = calls;
        callsSinceNanos = now;
        cpuTicksThen = cpu;
      }
      String held = null;
      long awake = strategy.awakeForNanos(now);
      long stuck = now - callsSinceNanos;
      if (awake > HELD_MILLIS * 1_000_000L) {
        held = String.format(Locale.ROOT, "held its core %,d ms without sleeping (its strategy sleeps every 1 ms)",
            awake / 1_000_000);
      } else if (stuck > HELD_MILLIS * 1_000_000L && cpu >= 0 && cpuTicksThen >= 0
          && (cpu - cpuTicksThen) * TICK_NANOS >= stuck * 8 / 10) {
        held = String.format(Locale.ROOT, "ran %,d ms without calling its select strategy, %,d ms of them on the core"
            + " (stuck in one iteration: handling ready sockets or tasks)", stuck / 1_000_000,
            (cpu - cpuTicksThen) * TICK_NANOS / 1_000_000);
      }
      if (held == null) {
        reported = false; // it rested or moved on since: the next hold is a new one
      } else if (!reported && reports.size() < MAX_REPORTS) {
        reported = true;
        report(held);
      }
    }
  }

  /** The loop thread's CPU time so far, in ticks (utime + stime), or -1 when unknown. */
  private long cpuTicks() {
    if (loopTid < 0) {
      return -1;
    }
    try {
      String stat = Files.readString(Path.of("/proc/self/task/" + loopTid + "/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  private void report(String held) {
    StackTraceElement[] stack = loopThread.getStackTrace();
    StringBuilder b = new StringBuilder("the event loop ").append(held).append("; its stack then:");
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
