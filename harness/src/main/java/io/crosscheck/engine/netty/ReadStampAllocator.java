package io.crosscheck.engine.netty;

import io.crosscheck.schedule.Ticker;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelConfig;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * The receive-buffer allocator of one engine connection: fixed 64 KiB reads, each stamped just
 * before its read syscall.
 *
 * <p>Netty asks the allocator for a buffer immediately before every {@code read}: the instant taken
 * there is when the engine went to fetch bytes that were already waiting, so a reply's last byte is
 * stamped without the read syscall itself (copying 64 KiB takes several µs), the pipeline, or the
 * other sockets of the same batch. One read takes whatever the socket holds, up to 64 KiB, so a
 * reply is not spread over a ramp of small adaptive reads.
 *
 * <p>On a busy-polling loop ({@link SpinSelectStrategy}) a socket's first read after epoll reported
 * it readable is stamped with the instant epoll returned (the batch instant): the sockets before it
 * in the batch no longer delay its stamp. Later reads of the same socket in the same round (more
 * bytes than one read takes, or a reply that arrived after a request the engine sent in between) are
 * stamped as they happen, and a read is never stamped with a batch instant earlier than the
 * connection's latest send ({@link #sent}), so no read is stamped before a request it answers was
 * sent. After a one-core loop slept in {@code epoll_wait} there is no batch instant (the strategy
 * forgets it): those reads are stamped as they happen. A segment that arrived after epoll returned
 * and is taken by the socket's first read is stamped early, by at most the time between the batch
 * instant and that read.
 *
 * <p><b>One round per socket and batch.</b> Netty reads an edge-triggered socket until a read finds
 * it empty, up to {@link #MAX_READS_PER_ROUND} reads per round; a round cut short by that limit goes
 * on in a task of the same loop iteration, a new round under the same batch instant. Such a round
 * is stamped as it happens: it reads bytes that may have arrived after the batch instant. With
 * Netty's default of one read per round for this allocator, every reply was followed by such a
 * round, and the second segment of a 64 KiB reply, arriving a few µs after the first had made the
 * socket ready, was stamped with the batch instant, up to 17 µs before the wire saw it (bench/run of
 * 2026-11-28: 26-303 impossible lags per audit at 100 and 1,000 sessions, all of them such replies).
 */
final class ReadStampAllocator extends FixedRecvByteBufAllocator {
  static final int READ_BYTES = 64 * 1024;
  /**
   * Reads per round, Netty's own default for epoll channels: a round goes on until a read finds the
   * socket empty, without a re-read task per reply.
   */
  static final int MAX_READS_PER_ROUND = 16;
  private final Ticker ticker;
  private long readStartNanos = -1;
  /** The connection's latest send start (ticker); a batch instant before it is not this reply's. */
  private long sentNanos = Long.MIN_VALUE;
  /** The batch instant this connection's latest round was stamped with; a round gets it once. */
  private long batchUsedNanos = -1;

  ReadStampAllocator(Ticker ticker) {
    super(READ_BYTES);
    // set here: Channel.config().setRecvByteBufAllocator keeps the allocator's own limit (1)
    maxMessagesPerRead(MAX_READS_PER_ROUND);
    this.ticker = ticker;
  }

  /** The instant before the latest read syscall of this connection; -1 before any. */
  long readStartNanos() {
    return readStartNanos;
  }

  /** The connection flushed a request at {@code sendStartNanos}: no later read is stamped before it. */
  void sent(long sendStartNanos) {
    sentNanos = sendStartNanos;
  }

  @Override
  public Handle newHandle() {
    return new Stamping((ExtendedHandle) super.newHandle());
  }

  /** Netty's fixed-size handle, stamping each allocation (= each read). */
  private final class Stamping implements ExtendedHandle {
    private final ExtendedHandle inner;
    /** Set by {@link #reset} (Netty's start of a socket's read round), cleared by its first read. */
    private boolean firstOfRound;

    Stamping(ExtendedHandle inner) {
      this.inner = inner;
    }

    @Override
    public ByteBuf allocate(ByteBufAllocator alloc) {
      ByteBuf b = inner.allocate(alloc);
      long now = ticker.nanoTime();
      if (firstOfRound) {
        firstOfRound = false;
        long batch = SpinSelectStrategy.batchNanos();
        if (batch >= 0 && batch <= now && batch >= sentNanos && batch != batchUsedNanos) {
          // a socket is reported once per batch: a second round under the same instant is Netty's
          // re-read task, and its bytes may have come after the instant
          batchUsedNanos = batch;
          now = batch;
        }
      }
      readStartNanos = now;
      return b;
    }

    @Override
    public int guess() {
      return inner.guess();
    }

    @Override
    public void reset(ChannelConfig config) {
      firstOfRound = true;
      inner.reset(config);
    }

    @Override
    public void incMessagesRead(int numMessages) {
      inner.incMessagesRead(numMessages);
    }

    @Override
    public void lastBytesRead(int bytes) {
      inner.lastBytesRead(bytes);
    }

    @Override
    public int lastBytesRead() {
      return inner.lastBytesRead();
    }

    @Override
    public void attemptedBytesRead(int bytes) {
      inner.attemptedBytesRead(bytes);
    }

    @Override
    public int attemptedBytesRead() {
      return inner.attemptedBytesRead();
    }

    @Override
    public boolean continueReading() {
      return inner.continueReading();
    }

    @Override
    public boolean continueReading(UncheckedBooleanSupplier maybeMoreDataSupplier) {
      return inner.continueReading(maybeMoreDataSupplier);
    }

    @Override
    public void readComplete() {
      inner.readComplete();
    }
  }
}
