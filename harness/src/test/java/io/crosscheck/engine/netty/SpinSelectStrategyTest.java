package io.crosscheck.engine.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.engine.EngineLayout;
import io.crosscheck.schedule.Ticker;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelConfig;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.SelectStrategy;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * When a busy-polling loop spins and when it sleeps: always spinning ({@code --busy-poll},
 * loop-alone), or only while one of its connections awaits a connect or a reply and at most {@link
 * EngineLayout#SPIN_LIMIT_NANOS} after its last event (one-core). The strategy is driven on a thread
 * of its own, as a loop thread drives it, with the real clock.
 */
class SpinSelectStrategyTest {
  private static final int SLEEP = SelectStrategy.SELECT;

  @Test
  void aOneCoreLoopSpinsOnlyWhileAReplyIsAwaitedAndNotLongerThanTheLimitAfterItsLastEvent() throws Exception {
    List<String> steps = onLoopThread(() -> {
      List<String> out = new ArrayList<>();
      long[] clock = {1_000_000_000L}; // the test's own ticker: the limits are read on it, not on a loaded host's
      Ticker ticker = () -> clock[0];
      SpinSelectStrategy s = new SpinSelectStrategy(ticker, true);
      out.add("idle " + s.calculateStrategy(() -> 0, false));
      out.add("idle with tasks " + s.calculateStrategy(() -> 0, true));
      SpinSelectStrategy.awaiting(true, clock[0]); // a request flushed
      out.add("awaiting " + s.calculateStrategy(() -> 0, false));
      clock[0] += 100_000;
      out.add("ready " + s.calculateStrategy(() -> 2, false));
      out.add("batch stamped at " + (SpinSelectStrategy.batchNanos() - 1_000_000_000L));
      clock[0] += EngineLayout.SPIN_LIMIT_NANOS + 1;
      out.add("awaiting past the limit " + s.calculateStrategy(() -> 0, false));
      out.add("batch after the sleep " + SpinSelectStrategy.batchNanos());
      out.add("ready again " + s.calculateStrategy(() -> 1, false));
      clock[0] += EngineLayout.SPIN_LIMIT_NANOS / 2;
      out.add("awaiting after an event " + s.calculateStrategy(() -> 0, false));
      SpinSelectStrategy.awaiting(false, clock[0]); // the reply completed
      out.add("nothing awaited " + s.calculateStrategy(() -> 0, false));
      SpinSelectStrategy.awaiting(false, clock[0]); // one end too many is not a debt
      SpinSelectStrategy.awaiting(true, clock[0]);
      out.add("awaiting once more " + s.calculateStrategy(() -> 0, false));
      return out;
    });
    assertEquals(List.of("idle " + SLEEP, "idle with tasks 0", "awaiting 0", "ready 2", "batch stamped at 100000",
        "awaiting past the limit " + SLEEP, "batch after the sleep -1", "ready again 1", "awaiting after an event 0", "nothing awaited " + SLEEP,
        "awaiting once more 0"), steps);
  }

  @Test
  void aOneCoreLoopKeptBusySleepsAfterEachMillisecondWithoutSleep() throws Exception {
    long[] seen = onLoopThread(() -> {
      SpinSelectStrategy s = new SpinSelectStrategy(Ticker.system(), true);
      SpinSelectStrategy.awaiting(true, System.nanoTime());
      // until 3 sleeps, or 2 s: a loaded host preempts the thread, and one preemption longer than the
      // run limit ends one waking period (one sleep) however long it lasts, so the sleeps are counted,
      // not timed (CI, 2026-11-28: 2 sleeps in a fixed 5.5 ms on a busy host)
      long end = System.nanoTime() + 2_000_000_000L;
      long calls = 0;
      long sleeps = 0; // calls that took at least the yield: the loop slept in them
      while (sleeps < 3 && System.nanoTime() < end) {
        long t0 = System.nanoTime();
        int r = s.calculateStrategy(() -> 1, false); // a reply ready on every poll: never idle
        if (System.nanoTime() - t0 >= EngineLayout.YIELD_NANOS) {
          sleeps++;
        }
        assertEquals(1, r);
        calls++;
      }
      return new long[] {calls, sleeps};
    });
    // without the run limit a loop kept busy never sleeps: 0 sleeps in 2 s of polls
    assertTrue(seen[1] >= 3 && seen[1] < seen[0], seen[1] + " sleeps in " + seen[0] + " polls");
  }

  @Test
  void aLoopAloneLoopAlwaysSpins() throws Exception {
    List<String> steps = onLoopThread(() -> {
      List<String> out = new ArrayList<>();
      SpinSelectStrategy s = new SpinSelectStrategy(Ticker.system(), false);
      out.add("idle " + s.calculateStrategy(() -> 0, false));
      sleepPast(EngineLayout.SPIN_LIMIT_NANOS);
      out.add("idle later " + s.calculateStrategy(() -> 0, false));
      out.add("ready " + s.calculateStrategy(() -> 3, false));
      return out;
    });
    assertEquals(List.of("idle 0", "idle later 0", "ready 3"), steps);
  }

  /**
   * A reply's read is stamped with the batch instant only when that instant is this reply's: not one
   * from before the connection's latest send, and none after a one-core loop slept (the strategy
   * forgets it), where a stale instant had stamped replies up to milliseconds before they arrived.
   */
  @Test
  void aReadIsStampedWithTheBatchInstantOnlyWhenItFollowsTheSendAndNoSleep() throws Exception {
    List<String> steps = onLoopThread(() -> {
      List<String> out = new ArrayList<>();
      Stamping c = new Stamping(true);
      c.reads.sent(1_000);
      SpinSelectStrategy.awaiting(true, c.clock[0]);
      c.at(1_100).strategy.calculateStrategy(() -> 1, false); // epoll reports the reply at 1,100
      out.add("read in the batch " + c.at(1_150).read());
      c.at(1_200).reads.sent(1_200); // the next request, sent in the same round
      out.add("read after a later send " + c.at(1_300).read());
      SpinSelectStrategy.awaiting(false, c.clock[0]);
      // the loop sleeps
      out.add("poll with nothing awaited " + c.at(1_400).strategy.calculateStrategy(() -> 0, false));
      out.add("read after the sleep " + c.at(9_000).read()); // woken by epoll_wait: Netty reads without asking the strategy
      return out;
    });
    assertEquals(List.of("read in the batch 1100", "read after a later send 1300", "poll with nothing awaited " + SLEEP,
        "read after the sleep 9000"), steps);
  }

  /**
   * A second read round of one socket under the same batch instant (Netty's re-read task, run in the
   * same loop iteration) is stamped as it happens: its bytes may have arrived after epoll returned.
   * Before, the second segment of a 64 KiB reply got the batch instant and was stamped up to 17 µs
   * before the wire saw it.
   */
  @Test
  void aSecondRoundUnderTheSameBatchInstantIsStampedAsItHappens() throws Exception {
    List<String> steps = onLoopThread(() -> {
      List<String> out = new ArrayList<>();
      Stamping c = new Stamping(false);
      c.reads.sent(1_000);
      c.at(1_100).strategy.calculateStrategy(() -> 1, false); // epoll reports the reply's first segment at 1,100
      out.add("first round " + c.at(1_150).read());
      out.add("second round, same batch " + c.at(1_180).read()); // the re-read task of the same iteration
      c.at(1_300).strategy.calculateStrategy(() -> 1, false); // the next batch
      out.add("next batch " + c.at(1_320).read());
      return out;
    });
    assertEquals(List.of("first round 1100", "second round, same batch 1180", "next batch 1300"), steps);
  }

  /**
   * Netty reads a socket until it is empty in one round, not one read per round and a re-read task
   * after every reply (the channel config keeps the allocator's own limit, 1 unless it sets one).
   */
  @Test
  void aRoundReadsUntilTheSocketIsEmpty() {
    assertTrue(new ReadStampAllocator(() -> 0).maxMessagesPerRead() > 1);
  }

  /** A loop's strategy and one connection's read allocator on a clock the test sets; build it on the loop thread. */
  private static final class Stamping {
    final long[] clock = {1_000};
    final SpinSelectStrategy strategy;
    final ReadStampAllocator reads;
    private final RecvByteBufAllocator.Handle handle;
    private final ChannelConfig config = new EmbeddedChannel().config();

    Stamping(boolean whileAwaitingOnly) {
      Ticker ticker = () -> clock[0];
      strategy = new SpinSelectStrategy(ticker, whileAwaitingOnly);
      reads = new ReadStampAllocator(ticker);
      handle = reads.newHandle();
    }

    Stamping at(long nanos) {
      clock[0] = nanos;
      return this;
    }

    long read() {
      return SpinSelectStrategyTest.read(handle, config, reads);
    }
  }

  /** One read round of one read, as Netty's epoll channel does it: reset, then allocate. */
  private static long read(RecvByteBufAllocator.Handle h, ChannelConfig config, ReadStampAllocator reads) {
    h.reset(config);
    h.allocate(UnpooledByteBufAllocator.DEFAULT).release();
    return reads.readStartNanos();
  }

  @Test
  void connectionsOffABusyPollingLoopCountNothing() throws Exception {
    long[] batch = onLoopThread(() -> {
      SpinSelectStrategy.awaiting(true, 1); // no strategy on this thread: nothing to count
      return new long[] {SpinSelectStrategy.batchNanos()};
    });
    assertEquals(-1, batch[0]);
  }

  private interface Steps<T> {
    T run() throws Exception;
  }

  /** Runs {@code steps} on a fresh thread (its own thread-locals, as a loop thread has) and returns what it gave. */
  private static <T> T onLoopThread(Steps<T> steps) throws Exception {
    AtomicReference<T> result = new AtomicReference<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = new Thread(() -> {
      try {
        result.set(steps.run());
      } catch (Throwable e) {
        failure.set(e);
      } finally {
        FastThreadLocal.removeAll();
      }
    }, "spin-strategy-test");
    t.start();
    t.join(10_000);
    assertTrue(!t.isAlive(), "the steps ended");
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    return result.get();
  }

  private static void sleepPast(long nanos) throws InterruptedException {
    long until = System.nanoTime() + nanos + 1_000_000;
    while (System.nanoTime() < until) {
      Thread.sleep(1);
    }
  }
}
