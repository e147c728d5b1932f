package io.crosscheck.engine.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.crosscheck.engine.ThreadScheduling;
import io.crosscheck.schedule.Ticker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The loop watch, one real-time priority above the loop, catches a loop that stays awake past its
 * limit and says where it is (the loop thread's stack), once per hold; a loop that sleeps is never
 * reported.
 */
class LoopWatchTest {
  @Test
  void aLoopAwakePastItsLimitIsReportedOnceWithItsStack() throws Exception {
    assumeTrue(ThreadScheduling.whyNoRealtime() == null, "the watch needs real-time priority (root or CAP_SYS_NICE)");
    AtomicLong clock = new AtomicLong(1_000_000_000L); // the test's own ticker: the hold is what it says
    Ticker ticker = clock::get;
    SpinSelectStrategy strategy = new SpinSelectStrategy(ticker, true);
    strategy.calculateStrategy(() -> 0, true); // awake, with tasks: it does not sleep
    AtomicBoolean stop = new AtomicBoolean();
    Thread loop = new Thread(() -> spinInTheLoop(stop, new long[1]), "test-loop");
    loop.setDaemon(true);
    loop.start();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> notes;
    // tid -1: only "awake without sleeping" is watched (the spinner never calls the strategy: the other condition)
    try (LoopWatch watch = new LoopWatch(strategy, loop, -1, ticker, new PrintStream(err, true, StandardCharsets.UTF_8))) {
      Thread.sleep(3 * LoopWatch.PERIOD_MILLIS);
      assertEquals(List.of(), watch.notes(), "awake for 0 ms: nothing to say");
      clock.addAndGet(1_000_000_000L); // awake for a second without sleeping
      notes = waitForNotes(watch);
      Thread.sleep(4 * LoopWatch.PERIOD_MILLIS);
      assertEquals(1, watch.notes().size(), "one hold, one report: " + watch.notes());
    } finally {
      stop.set(true);
    }
    String note = notes.get(0);
    assertTrue(note.startsWith("the event loop held its core 1,000 ms without sleeping"), note);
    assertTrue(note.contains("spinInTheLoop"), "the loop thread's own frame: " + note);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("crosscheck: " + note));
  }

  /**
   * A loop stuck inside one iteration (the handling of ready sockets or of tasks) calls no strategy,
   * so the strategy cannot say it is awake; the watch sees its thread use the core (the kernel's count)
   * without a strategy call, and reports that with its stack. A loop asleep (no strategy call, no CPU)
   * is not reported.
   */
  @Test
  void aLoopStuckInOneIterationOnTheCoreIsReportedWithItsStack() throws Exception {
    assumeTrue(ThreadScheduling.whyNoRealtime() == null, "the watch needs real-time priority (root or CAP_SYS_NICE)");
    assumeTrue(LoopWatch.currentTid() > 0, "needs /proc/thread-self");
    SpinSelectStrategy strategy = new SpinSelectStrategy(System::nanoTime, true);
    AtomicBoolean spin = new AtomicBoolean();
    AtomicBoolean stop = new AtomicBoolean();
    long[] tid = {0};
    Thread loop = new Thread(() -> {
      tid[0] = LoopWatch.currentTid();
      while (!stop.get()) {
        if (spin.get()) {
          spinInTheLoop(spin, new long[1]); // until spin is cleared
        }
        try {
          Thread.sleep(5); // asleep: no strategy call, no CPU
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "test-loop");
    loop.setDaemon(true);
    loop.start();
    while (tid[0] == 0) {
      Thread.sleep(1);
    }
    try (LoopWatch watch = new LoopWatch(strategy, loop, tid[0], System::nanoTime, new PrintStream(new ByteArrayOutputStream()))) {
      Thread.sleep(2 * LoopWatch.HELD_MILLIS);
      assertEquals(List.of(), watch.notes(), "asleep for 500 ms without a strategy call: not stuck");
      spin.set(true);
      List<String> notes = waitForNotes(watch);
      spin.set(false);
      assertEquals(1, notes.size(), notes.toString());
      assertTrue(notes.get(0).startsWith("the event loop ran ") && notes.get(0).contains(" ms without calling its select strategy"),
          notes.get(0));
      assertTrue(notes.get(0).contains("spinInTheLoop"), notes.get(0));
    } finally {
      stop.set(true);
    }
  }

  private static List<String> waitForNotes(LoopWatch watch) throws InterruptedException {
    for (int i = 0; i < 100 && watch.notes().isEmpty(); i++) {
      Thread.sleep(LoopWatch.PERIOD_MILLIS);
    }
    return watch.notes();
  }

  /** Spins until {@code flag} says stop ({@code stop} true) or, for a flag named spin, until it is cleared. */
  private static void spinInTheLoop(AtomicBoolean flag, long[] sink) {
    boolean untilCleared = flag.get();
    long x = 0;
    while (flag.get() == untilCleared) {
      x += System.nanoTime() & 1;
    }
    sink[0] += x == 42 ? 1 : 0;
  }
}
