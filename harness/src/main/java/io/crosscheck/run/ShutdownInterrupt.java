package io.crosscheck.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (a JVM shutdown) while a run is under way: a shutdown hook interrupts the thread that
 * installed it ({@link #install}; {@link #hold} interrupts nothing), then holds the JVM up (at most
 * the grace) until that thread has finished its work and {@link #close closed} it. Used by the runs
 * crosscheck drives ({@link RunJob}) and the generators it audits ({@link GeneratorAudit}) to finish
 * the run directory, and by {@link Main} to print the summary after it. One per run; close it from
 * the installing thread.
 */
public final class ShutdownInterrupt implements AutoCloseable {
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook;
  private final Thread toInterrupt;

  private ShutdownInterrupt(String name, long graceSeconds, Thread toInterrupt) {
    this.toInterrupt = toInterrupt;
    hook = new Thread(() -> {
      if (toInterrupt != null) {
        toInterrupt.interrupt();
      }
      try {
        finished.await(graceSeconds, TimeUnit.SECONDS); // let the work be finished
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, name);
  }

  /** Installs the hook for the calling thread; {@code graceSeconds} bounds how long a shutdown waits. */
  public static ShutdownInterrupt install(String name, long graceSeconds) {
    return added(new ShutdownInterrupt(name, graceSeconds, Thread.currentThread()));
  }

  /** Like {@link #install}, but a shutdown only waits for {@link #close}: it interrupts nothing. */
  public static ShutdownInterrupt hold(String name, long graceSeconds) {
    return added(new ShutdownInterrupt(name, graceSeconds, null));
  }

  private static ShutdownInterrupt added(ShutdownInterrupt s) {
    try {
      Runtime.getRuntime().addShutdownHook(s.hook);
    } catch (IllegalStateException e) {
      // Ctrl-C came first (e.g. during a JIT warm-up or before the load): no hook can be added now,
      // so the interrupt it would have sent is sent here, and the work ends as interrupted
      if (s.toInterrupt != null) {
        s.toInterrupt.interrupt();
      }
    }
    return s;
  }

  /** The work is finished: a shutdown under way may proceed; the hook is removed. */
  @Override
  public void close() {
    finished.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is already shutting down (Ctrl-C): the hook is waiting for us
    }
  }
}
