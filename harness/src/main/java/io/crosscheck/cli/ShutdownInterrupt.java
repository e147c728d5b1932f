package io.crosscheck.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (a JVM shutdown) while a run is under way: a shutdown hook interrupts the thread that
 * installed it, then holds the JVM up (at most the grace) until that thread has finished the run
 * directory and {@link #close closed} it. Used by the runs crosscheck drives ({@link RunJob}) and the
 * generators it audits ({@link GeneratorAudit}). One per run; close it from the installing thread.
 */
final class ShutdownInterrupt implements AutoCloseable {
  private final CountDownLatch finished = new CountDownLatch(1);
  private final Thread hook;

  private ShutdownInterrupt(String name, long graceSeconds) {
    Thread runner = Thread.currentThread();
    hook = new Thread(() -> {
      runner.interrupt();
      try {
        finished.await(graceSeconds, TimeUnit.SECONDS); // let the run directory be finished
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, name);
  }

  /** Installs the hook for the calling thread; {@code graceSeconds} bounds how long a shutdown waits. */
  static ShutdownInterrupt install(String name, long graceSeconds) {
    ShutdownInterrupt s = new ShutdownInterrupt(name, graceSeconds);
    Runtime.getRuntime().addShutdownHook(s.hook);
    return s;
  }

  /** The run directory is finished: a shutdown under way may proceed; the hook is removed. */
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
