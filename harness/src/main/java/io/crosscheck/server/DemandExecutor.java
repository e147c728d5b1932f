package io.crosscheck.server;

import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Spends a request's sampled service demand in the configured {@link DemandMode}, then runs the
 * reply on the connection's event loop.
 *
 * <p>{@link DemandMode#DELAY} schedules the reply on the event loop (no thread blocks). {@link
 * DemandMode#CPU} hands the request to a fixed pool of busy-spinning worker threads with a bounded
 * queue; when every worker is busy and the queue is full, the {@code rejected} action runs instead
 * (the handler answers 503). Durations are nanoseconds of the monotonic clock ({@link
 * System#nanoTime()}). Thread-safe; one instance serves the whole server. Public so that the
 * embedded RUBiS server (rubis-compat) spends its demand the same way.
 */
public final class DemandExecutor implements AutoCloseable {
  private final DemandMode mode;
  private final ThreadPoolExecutor workers;

  /**
   * A pool for {@code mode}: in {@link DemandMode#CPU}, {@code workerCount} busy-spinning daemon
   * threads with room for {@code queueCapacity} waiting requests (0 = none); in {@link
   * DemandMode#DELAY}, no threads at all.
   */
  public DemandExecutor(DemandMode mode, int workerCount, int queueCapacity) {
    this.mode = mode;
    if (mode == DemandMode.CPU) {
      BlockingQueue<Runnable> queue =
          queueCapacity == 0 ? new SynchronousQueue<>() : new ArrayBlockingQueue<>(queueCapacity);
      workers =
          new ThreadPoolExecutor(
              workerCount,
              workerCount,
              0,
              TimeUnit.NANOSECONDS,
              queue,
              new DefaultThreadFactory("crosscheck-server-cpu", true),
              new ThreadPoolExecutor.AbortPolicy());
      workers.prestartAllCoreThreads();
    } else {
      workers = null;
    }
  }

  /**
   * Runs {@code reply} on {@code loop} once {@code demandNanos} have been spent (at once, on the
   * calling thread, when the demand is 0), or {@code rejected} on the calling thread when the CPU
   * queue is full. Must be called on {@code loop}.
   */
  public void run(EventExecutor loop, long demandNanos, Runnable reply, Runnable rejected) {
    if (demandNanos <= 0) {
      reply.run();
    } else if (workers == null) {
      loop.schedule(reply, demandNanos, TimeUnit.NANOSECONDS);
    } else {
      try {
        workers.execute(() -> spinThenReply(loop, demandNanos, reply));
      } catch (RejectedExecutionException e) {
        rejected.run();
      }
    }
  }

  /** The mode this executor spends demand in. */
  DemandMode mode() {
    return mode;
  }

  private static void spinThenReply(EventExecutor loop, long demandNanos, Runnable reply) {
    if (!spin(demandNanos)) {
      return;
    }
    try {
      loop.execute(reply);
    } catch (RejectedExecutionException e) {
      // The event loop is shutting down with the server; the connection is gone anyway.
    }
  }

  /** Busy-spins for {@code nanos}; false if interrupted (the server is closing). */
  static boolean spin(long nanos) {
    long startNanos = System.nanoTime();
    while (System.nanoTime() - startNanos < nanos) {
      if (Thread.currentThread().isInterrupted()) {
        return false;
      }
      Thread.onSpinWait();
    }
    return true;
  }

  @Override
  public void close() {
    if (workers != null) {
      workers.shutdownNow();
    }
  }
}
