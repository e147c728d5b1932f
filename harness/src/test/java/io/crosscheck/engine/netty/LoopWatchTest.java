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
    Thread loop = new Thread(() -> spinInTheLoop(stop), "test-loop");
    loop.setDaemon(true);
    loop.start();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> notes;
    try (LoopWatch watch = new LoopWatch(strategy, loop, ticker, new PrintStream(err, true, StandardCharsets.UTF_8))) {
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

  private static List<String> waitForNotes(LoopWatch watch) throws InterruptedException {
    for (int i = 0; i < 100 && watch.notes().isEmpty(); i++) {
      Thread.sleep(LoopWatch.PERIOD_MILLIS);
    }
    return watch.notes();
  }

  private static void spinInTheLoop(AtomicBoolean stop) {
    long x = 0;
    while (!stop.get()) {
      x += System.nanoTime() & 1;
    }
    if (x == 42) {
      System.out.print("");
    }
  }
}
