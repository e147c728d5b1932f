package io.crosscheck.engine;

import com.sun.jna.Function;
import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Linux scheduling policy of the calling thread: {@code sched_setscheduler} through JNA (pcap4j's
 * native bridge, as {@link CpuAffinity}). The engine's {@link EngineLayout#ONE_CORE} layout runs its
 * event loop under {@code SCHED_FIFO}, so that a reply's wake-up runs the loop before the JVM's
 * other threads (capture, recorder, JIT, GC) that share its one core. Stateless and thread-safe.
 */
public final class ThreadScheduling {
  /** The real-time priority the loop gets: the lowest, above every normal thread, below the kernel's own. */
  public static final int LOOP_FIFO_PRIORITY = 1;
  private static final int SCHED_OTHER = 0;
  private static final int SCHED_FIFO = 1;
  private static final int EPERM = 1;

  private ThreadScheduling() {}

  /**
   * Puts the calling thread under {@code SCHED_FIFO} at {@code priority}.
   *
   * @throws IOException naming errno (EPERM 1: neither root nor CAP_SYS_NICE, or a cgroup without
   *     real-time runtime)
   */
  public static void fifo(int priority) throws IOException {
    set(SCHED_FIFO, priority);
  }

  /** Puts the calling thread back under the normal policy ({@code SCHED_OTHER}). */
  public static void normal() throws IOException {
    set(SCHED_OTHER, 0);
  }

  /**
   * Whether the calling thread runs under {@code SCHED_FIFO} now ({@code sched_getscheduler}).
   *
   * @throws IOException when the kernel or JNA cannot tell
   */
  public static boolean isFifo() throws IOException {
    try {
      return Function.getFunction("c", "sched_getscheduler", Function.THROW_LAST_ERROR)
          .invokeInt(new Object[] {0}) == SCHED_FIFO;
    } catch (LastErrorException e) {
      throw new IOException("sched_getscheduler(0) failed, errno " + e.getErrorCode());
    } catch (RuntimeException | LinkageError e) {
      throw new IOException("sched_getscheduler is not available here (" + e + ")");
    }
  }

  /**
   * Whether this process may give a thread real-time priority: tried on a short-lived thread of its
   * own, so no thread of the caller's is changed.
   *
   * @return null when it may, else why not
   */
  public static String whyNoRealtime() {
    AtomicReference<String> why = new AtomicReference<>("not tried");
    Thread probe = new Thread(() -> {
      try {
        fifo(LOOP_FIFO_PRIORITY);
        normal();
        why.set(null);
      } catch (IOException e) {
        why.set(e.getMessage());
      }
    }, "crosscheck-rt-probe");
    probe.setDaemon(true);
    probe.start();
    try {
      probe.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while probing";
    }
    return why.get();
  }

  private static void set(int policy, int priority) throws IOException {
    Memory param = new Memory(4); // struct sched_param { int sched_priority; }
    param.setInt(0, priority);
    String call = "sched_setscheduler(0, " + (policy == SCHED_FIFO ? "SCHED_FIFO" : "SCHED_OTHER") + ", " + priority + ")";
    try {
      Function.getFunction("c", "sched_setscheduler", Function.THROW_LAST_ERROR)
          .invokeInt(new Object[] {0, policy, param});
    } catch (LastErrorException e) {
      throw new IOException(call + " failed, errno " + e.getErrorCode()
          + (e.getErrorCode() == EPERM ? " (EPERM: needs root or CAP_SYS_NICE)" : ""));
    } catch (RuntimeException | LinkageError e) {
      throw new IOException(call + " is not available here (" + e + ")");
    }
  }
}
