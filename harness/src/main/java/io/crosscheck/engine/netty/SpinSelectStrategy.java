package io.crosscheck.engine.netty;

import io.crosscheck.engine.EngineLayout;
import io.crosscheck.schedule.Ticker;
import io.netty.channel.SelectStrategy;
import io.netty.util.IntSupplier;
import io.netty.util.concurrent.FastThreadLocal;
import java.util.concurrent.locks.LockSupport;

/**
 * Busy polling for one epoll event loop ({@code --busy-poll}): every iteration asks epoll without
 * blocking ({@code epoll_wait} with timeout 0), then Netty handles the ready sockets and runs the
 * tasks that are due, so no reply waits for the loop thread to be woken up and no timer (think
 * time, timeout) waits for a socket to become ready.
 *
 * <p>Netty's own {@code SelectStrategy.BUSY_WAIT} spins inside native code until a socket or a
 * wake-up event is ready; this strategy keeps the spin in the loop itself, so due tasks are looked
 * at on every iteration. This is the variant bench/fidelity.sh measured.
 *
 * <p><b>The batch instant.</b> When epoll reports ready sockets, the instant it returned is kept
 * ({@link #batchNanos()}, on the loop's thread): the engine learned then that each of those sockets
 * had bytes waiting, and {@link ReadStampAllocator} stamps a socket's first read of the batch with
 * it. Without it, the k-th socket of a batch was stamped after the k-1 before it had been read,
 * decoded, recorded and had their next requests sent (a send alone costs several µs on loopback), so
 * a reply's error grew with its place in the batch (bench/PERFORMANCE.md). httperf stamps the same
 * way, with one clock reading per {@code select()}.
 *
 * <p><b>Spinning only while awaiting</b> ({@link EngineLayout#ONE_CORE}, a loop that shares its one
 * core with the JVM's other threads): the loop spins while one of its connections awaits a connect or
 * a reply, and for at most {@link EngineLayout#SPIN_LIMIT_NANOS} after its last event (a ready batch,
 * or a connection starting to await); otherwise it sleeps in {@code epoll_wait} as Netty's default
 * strategy does, so the capture and the recorder get the core between exchanges. Every reply arrives
 * while its request is awaited, so a reply within the limit never waits for a wake-up; a think-time
 * timer that falls due while nothing is awaited does (its send is then late, never mis-stamped).
 * Such a loop runs at real-time priority, so it never runs more than {@link
 * EngineLayout#RUN_LIMIT_NANOS} without sleeping: then it sleeps {@link EngineLayout#YIELD_NANOS},
 * and the threads it shares the core with (the arrival pump, the recorder, the capture) get a share
 * of it even while replies keep it busy. Without that, a run at 100 sessions (2026-11-28) fell 951 ms
 * behind its schedule: the loop had held the core for the 950 ms per second the kernel lets
 * real-time threads run before it throttles them, and the arrival pump waited.
 */
final class SpinSelectStrategy implements SelectStrategy {
  private static final FastThreadLocal<long[]> BATCH = new FastThreadLocal<>() {
    @Override
    protected long[] initialValue() {
      return new long[] {-1, 0, -1}; // batch instant, connections awaiting, last event
    }
  };
  private static final int BATCH_NANOS = 0;
  private static final int AWAITING = 1;
  private static final int LAST_EVENT_NANOS = 2;
  private final Ticker ticker;
  private final boolean whileAwaitingOnly;
  private long[] batch;
  /** One-core: the loop returned {@code SELECT} last time, so Netty slept in epoll_wait since. */
  private volatile boolean asleep = true;
  /** One-core: when the loop last woke or rested (ticker); read by {@link LoopWatch}. */
  private volatile long awakeSinceNanos;
  /**
   * One-core: calls so far; a loop that runs without calling its strategy is stuck in one iteration
   * ({@link LoopWatch}). Written by the loop alone, with an opaque store (no fence on the spin path),
   * read by the watch with an opaque load.
   */
  private long calls;
  private static final java.lang.invoke.VarHandle CALLS;

  static {
    try {
      CALLS = java.lang.invoke.MethodHandles.lookup().findVarHandle(SpinSelectStrategy.class, "calls", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * @param whileAwaitingOnly spin only while a connection of this loop awaits a connect or a reply
   *     (and {@link EngineLayout#SPIN_LIMIT_NANOS} at most after the last event); false: always
   */
  SpinSelectStrategy(Ticker ticker, boolean whileAwaitingOnly) {
    this.ticker = ticker;
    this.whileAwaitingOnly = whileAwaitingOnly;
  }

  @Override
  public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
    if (whileAwaitingOnly) {
      CALLS.setOpaque(this, calls + 1); // the loop's thread only
      long now = ticker.nanoTime();
      if (asleep) {
        awakeSinceNanos = now; // before asleep is cleared: LoopWatch reads them in the other order
        asleep = false;
      } else if (now - awakeSinceNanos > EngineLayout.RUN_LIMIT_NANOS) {
        // a real-time loop that never sleeps would leave the core's other threads nothing
        LockSupport.parkNanos(EngineLayout.YIELD_NANOS);
        awakeSinceNanos = ticker.nanoTime();
      }
    }
    int ready = selectNow.get();
    long[] b = batch;
    if (b == null) {
      b = batch = BATCH.get(); // the loop's thread: the strategy is only ever called there
    }
    if (ready > 0) {
      long now = ticker.nanoTime();
      b[BATCH_NANOS] = now;
      b[LAST_EVENT_NANOS] = now;
    } else if (whileAwaitingOnly && !hasTasks
        && (b[AWAITING] <= 0 || ticker.nanoTime() - b[LAST_EVENT_NANOS] > EngineLayout.SPIN_LIMIT_NANOS)) {
      asleep = true;
      // the sockets epoll reports when it wakes the loop are handled without passing here, so no batch
      // instant is known for them: each read is stamped when it happens (a stale instant, from before
      // the sleep, stamped replies up to milliseconds early: a two-host capacity run of 2026-11-28 had
      // a mean receive lag of -197 us)
      b[BATCH_NANOS] = -1;
      return SelectStrategy.SELECT; // nothing awaited, or nothing for too long: sleep until a socket or timer
    }
    return ready;
  }

  /**
   * One-core: how long the loop has been awake without sleeping, at {@code nowNanos} of the ticker
   * (0 while it sleeps); from any thread ({@link LoopWatch}).
   */
  long awakeForNanos(long nowNanos) {
    return asleep ? 0 : nowNanos - awakeSinceNanos;
  }

  /** How many times the loop has called this strategy; from any thread ({@link LoopWatch}). */
  long calls() {
    return (long) CALLS.getOpaque(this);
  }

  /**
   * A connection of the calling loop thread starts ({@code true}) or stops awaiting a connect or a
   * reply. Nothing on a loop that does not busy-poll (or off a loop thread).
   */
  static void awaiting(boolean starts, long nowNanos) {
    long[] b = BATCH.getIfExists();
    if (b != null) {
      b[AWAITING] = Math.max(0, b[AWAITING] + (starts ? 1 : -1));
      if (starts) {
        b[LAST_EVENT_NANOS] = nowNanos;
      }
    }
  }

  /**
   * The instant epoll last returned ready sockets on the calling loop thread (ticker), or -1 when
   * this thread's loop does not busy-poll, has seen no batch yet, or slept in {@code epoll_wait}
   * since (one-core: the sockets that woke it were reported at an instant nobody read).
   */
  static long batchNanos() {
    long[] b = BATCH.getIfExists(); // one lookup; null on a loop that does not busy-poll
    return b == null ? -1 : b[BATCH_NANOS];
  }
}
