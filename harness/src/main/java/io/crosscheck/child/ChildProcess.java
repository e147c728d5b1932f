package io.crosscheck.child;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A running child JVM started by {@link ChildJvm#start()}.
 *
 * <p>Signals: while the child runs, a shutdown hook of the parent stops it — {@link
 * Process#destroy()} (SIGTERM, which the child's JVM handles like Ctrl-C, running its shutdown
 * hooks so its run directory is finished), then {@link Process#destroyForcibly()} (SIGKILL) after
 * the stop grace. Ctrl-C on a terminal also reaches the child directly (same process group); the
 * second SIGTERM is harmless. The hook is removed once the child has exited.
 *
 * <p>Thread-safety: all methods may be called from any thread.
 */
public final class ChildProcess implements AutoCloseable {
  private final Process process;
  private final Duration stopGrace;
  private final Thread shutdownHook;
  private final Thread pump; // null unless output is copied

  private ChildProcess(Process process, Duration stopGrace, Thread pump) {
    this.process = process;
    this.stopGrace = stopGrace;
    this.pump = pump;
    this.shutdownHook = new Thread(this::stopQuietly, "crosscheck-child-stop-" + process.pid());
  }

  static ChildProcess start(ProcessBuilder pb, Path outputFile, OutputStream copyTo, Duration grace)
      throws IOException {
    Process p = pb.start();
    Thread pump = null;
    if (copyTo != null) {
      OutputStream file = Files.newOutputStream(outputFile, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      pump = new Thread(() -> copy(p.getInputStream(), file, copyTo), "crosscheck-child-output-" + p.pid());
      pump.setDaemon(true);
      pump.start();
    }
    ChildProcess c = new ChildProcess(p, grace, pump);
    try {
      Runtime.getRuntime().addShutdownHook(c.shutdownHook);
    } catch (IllegalStateException e) {
      c.stopQuietly(); // the parent is already shutting down: the child must not outlive it
      throw new IOException("the parent JVM is shutting down; the child was stopped", e);
    }
    p.onExit().thenRun(c::removeHook);
    return c;
  }

  private static void copy(InputStream in, OutputStream file, OutputStream copyTo) {
    byte[] buf = new byte[8_192];
    try (in; file) {
      for (int n; (n = in.read(buf)) > 0; ) {
        file.write(buf, 0, n);
        file.flush();
        try {
          copyTo.write(buf, 0, n);
          copyTo.flush();
        } catch (IOException e) {
          // the parent's terminal went away: keep the file complete
        }
      }
    } catch (IOException e) {
      // the child's pipe closed: it exited
    }
  }

  /** The child's process id. */
  public long pid() {
    return process.pid();
  }

  /** Whether the child is still running. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** Waits for the child to exit and returns its exit code (once its output is copied). */
  public int waitFor() throws InterruptedException {
    int code = process.waitFor();
    if (pump != null) {
      pump.join();
    }
    return code;
  }

  /** Waits at most {@code timeout}; true if the child exited. */
  public boolean waitFor(Duration timeout) throws InterruptedException {
    boolean exited = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
    if (exited && pump != null) {
      pump.join(TimeUnit.SECONDS.toMillis(5));
    }
    return exited;
  }

  /** The exit code. @throws IllegalThreadStateException if the child is still running */
  public int exitValue() {
    return process.exitValue();
  }

  /**
   * Stops the child: SIGTERM, wait up to the stop grace, then SIGKILL. Returns its exit code
   * (143 after SIGTERM without a handler overriding it, 137 after SIGKILL).
   */
  public int stop() throws InterruptedException {
    if (process.isAlive()) {
      process.destroy();
      if (!process.waitFor(stopGrace.toNanos(), TimeUnit.NANOSECONDS)) {
        process.destroyForcibly();
      }
    }
    return waitFor();
  }

  private void stopQuietly() {
    try {
      stop();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private void removeHook() {
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException e) {
      // the parent is shutting down and the hook is running or about to: nothing to remove
    }
  }

  /** Stops the child if it is still running. */
  @Override
  public void close() throws InterruptedException {
    stop();
  }
}
