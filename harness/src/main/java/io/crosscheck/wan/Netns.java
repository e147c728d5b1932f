package io.crosscheck.wan;

import com.sun.jna.Function;
import com.sun.jna.Native;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Callable;

/**
 * Runs a task in another network namespace of this host without a process of its own: a new
 * thread joins the namespace ({@code setns(2)} on {@code /run/netns/NAME}, which on Linux moves
 * the calling thread only), runs the task and ends. Sockets and capture handles the task opens
 * stay in that namespace after the thread is gone, whichever thread uses them later. libc through
 * JNA, as {@link Tap}. Stateless and thread-safe.
 */
public final class Netns {
  private static final int O_RDONLY = 0;
  private static final int O_CLOEXEC = 02000000;
  private static final int CLONE_NEWNET = 0x40000000;
  private static final Function OPEN = Function.getFunction("c", "open");
  private static final Function SETNS = Function.getFunction("c", "setns");
  private static final Function CLOSE = Function.getFunction("c", "close");

  private Netns() {}

  /**
   * {@code task}'s result, the task run on a new thread inside namespace {@code ns} (a name {@code ip
   * netns list} shows). The caller waits; an interrupt of the caller interrupts the task's thread.
   *
   * @throws IOException the namespace could not be entered (naming it and errno), or what the task threw
   */
  public static <T> T call(String ns, Callable<T> task) throws IOException {
    Object[] outcome = new Object[2];
    Thread t = new Thread(() -> {
      try {
        enter(ns);
        outcome[0] = task.call();
      } catch (Throwable e) {
        outcome[1] = e;
      }
    }, "netns-" + ns);
    t.setDaemon(true);
    t.start();
    try {
      t.join();
    } catch (InterruptedException e) {
      t.interrupt();
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while a task ran in network namespace " + ns);
    }
    Throwable failure = (Throwable) outcome[1];
    if (failure instanceof IOException io) {
      throw io;
    } else if (failure instanceof RuntimeException re) {
      throw re;
    } else if (failure instanceof Error err) {
      throw err;
    } else if (failure != null) {
      throw new IOException(failure.getMessage(), failure);
    }
    @SuppressWarnings("unchecked")
    T result = (T) outcome[0];
    return result;
  }

  /** Moves the calling thread into network namespace {@code ns}. */
  private static void enter(String ns) throws IOException {
    String path = "/run/netns/" + ns;
    int fd;
    try {
      fd = OPEN.invokeInt(new Object[] {path, O_RDONLY | O_CLOEXEC});
    } catch (RuntimeException | LinkageError e) {
      throw new IOException("cannot call libc open() through JNA (" + e + ")");
    }
    if (fd < 0) {
      throw new IOException("open(" + path + ") failed, errno " + Native.getLastError()
          + " (no network namespace " + ns + ")");
    }
    try {
      if (SETNS.invokeInt(new Object[] {fd, CLONE_NEWNET}) != 0) {
        throw new IOException("setns(" + path + ", CLONE_NEWNET) failed, errno " + Native.getLastError());
      }
    } finally {
      CLOSE.invokeInt(new Object[] {fd});
    }
  }
}
