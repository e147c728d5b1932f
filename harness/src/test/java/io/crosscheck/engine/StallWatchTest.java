package io.crosscheck.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The stall watch on a test clock: when it speaks, what it says, when it stops the load. */
class StallWatchTest {
  private static final long S = 1_000_000_000L;

  private long now = 100 * S;
  private StallWatch.Sample sample = new StallWatch.Sample(0, 0, 0, -1);
  private final List<String> lines = new ArrayList<>();
  private final AtomicInteger timeouts = new AtomicInteger();

  private StallWatch watch(long warningNanos, long timeoutNanos) {
    return new StallWatch(() -> sample, () -> now, warningNanos, timeoutNanos, lines::add, timeouts::incrementAndGet);
  }

  /** Advances the clock by {@code nanos} in steps of 100 ms, one look each. */
  private void run(StallWatch w, long nanos) {
    for (long t = 0; t < nanos; t += S / 10) {
      now += S / 10;
      w.poll();
    }
  }

  @Test
  void aStallIsSaidOncePerWarningPeriodWithWhatIsStuckAndTheTimeoutStopsTheLoadOnce() {
    StallWatch w = watch(2 * S, 5 * S);
    sample = new StallWatch.Sample(7, 0, 0, -1);
    run(w, S); // 7 completed at 100.1 s, nothing in flight: idle, not stalled
    long lastCompletion = 100 * S + S / 10;
    sample = new StallWatch.Sample(7, 30, 28, now); // 30 requests sent now, on 28 connections
    run(w, S + S * 9 / 10);
    assertEquals(List.of(), lines, "1.9 s of stall is under the 2 s warning");
    run(w, S / 10);
    assertEquals(1, lines.size(), "the first line at 2.0 s: " + lines);
    assertEquals("crosscheck: stall: no exchange completed for 2.0 s; 30 in flight on 28 connections, the oldest"
        + " for 2.0 s; the last completed at 0.1 s after the start (7 completed)", lines.get(0));
    run(w, 2 * S);
    assertEquals(2, lines.size(), "another line at 4 s: " + lines);
    assertEquals(0, timeouts.get());
    run(w, S);
    assertEquals(1, timeouts.get(), "the timeout at 5 s of stall");
    run(w, 5 * S);
    assertEquals(1, timeouts.get(), "once");
    assertEquals(2, lines.size(), "nothing after the stop: " + lines);
    StallWatch.Stall s = w.longest();
    assertTrue(w.timedOut());
    assertEquals(1, w.stalls());
    assertEquals(5 * S, s.durationNanos());
    assertEquals(30, s.inFlight());
    assertEquals(28, s.connections());
    assertEquals(lastCompletion - (100 * S), s.lastCompletionOffsetNanos());
    assertEquals(7, s.completedBefore());
  }

  @Test
  void thinkTimeAndSteadyCompletionsAreNoStallAndACompletionEndsOne() {
    StallWatch w = watch(S, 0);
    // nothing in flight for 10 s (users thinking)
    run(w, 10 * S);
    // requests in flight, but one completes every 0.5 s
    for (int i = 1; i <= 20; i++) {
      sample = new StallWatch.Sample(i, 5, 5, now - S / 2);
      run(w, S / 2);
    }
    assertEquals(List.of(), lines);
    assertNull(w.longest());
    // a 1.5 s stall, then a completion, then another of 3 s: two stalls, the longest kept
    run(w, S + S / 2);
    assertEquals(1, lines.size());
    sample = new StallWatch.Sample(21, 5, 5, now);
    run(w, S / 10);
    run(w, 3 * S);
    assertEquals(2, w.stalls());
    assertEquals(4, lines.size(), "1 line in the first stall, 3 in the second: " + lines);
    assertEquals(3 * S, w.longest().durationNanos(), 2 * S / 10);
    assertFalse(w.timedOut(), "no timeout: never stopped");
    assertEquals(0, timeouts.get());
  }

  @Test
  void withoutAnOldestStartTheStallCountsFromTheFirstLookThatSawRequestsInFlight() {
    StallWatch w = watch(S, 0);
    run(w, 3 * S); // idle
    sample = new StallWatch.Sample(0, 4, -1, -1);
    run(w, S + S / 10); // the first look that sees them is the stall's start
    assertEquals(1, lines.size());
    assertEquals("crosscheck: stall: no exchange completed for 1.0 s; 4 in flight; none completed since the start",
        lines.get(0));
  }

  @Test
  void badLimitsAreRefused() {
    try {
      watch(0, 0);
      throw new AssertionError("a 0 warning period was accepted");
    } catch (IllegalArgumentException expected) {
      assertTrue(expected.getMessage().contains("warning 0 ns"));
    }
  }
}
