package io.crosscheck.engine.netty;

import io.crosscheck.schedule.Ticker;
import io.netty.channel.SelectStrategy;
import io.netty.util.IntSupplier;
import io.netty.util.concurrent.FastThreadLocal;

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
 */
final class SpinSelectStrategy implements SelectStrategy {
  private static final FastThreadLocal<long[]> BATCH = new FastThreadLocal<>() {
    @Override
    protected long[] initialValue() {
      return new long[] {-1};
    }
  };
  private final Ticker ticker;
  private long[] batch;

  SpinSelectStrategy(Ticker ticker) {
    this.ticker = ticker;
  }

  @Override
  public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
    int ready = selectNow.get();
    if (ready > 0) {
      long[] b = batch;
      if (b == null) {
        b = batch = BATCH.get(); // the loop's thread: the strategy is only ever called there
      }
      b[0] = ticker.nanoTime();
    }
    return ready;
  }

  /**
   * The instant epoll last returned ready sockets on the calling loop thread (ticker), or -1 when
   * this thread's loop does not busy-poll (or has seen no batch yet).
   */
  static long batchNanos() {
    long[] b = BATCH.getIfExists(); // one lookup; null on a loop that does not busy-poll
    return b == null ? -1 : b[0];
  }
}
