package io.crosscheck.wan;

import com.sun.jna.Function;

/**
 * The calling thread's scheduling priority: {@code setpriority(PRIO_PROCESS, 0, nice)}, which on
 * Linux applies to the calling thread only. libc through JNA. Stateless and thread-safe.
 */
final class Priority {
  private static final int PRIO_PROCESS = 0;

  private Priority() {}

  /** Gives the calling thread nice value {@code nice}; false when the kernel or JNA refused. */
  static boolean setCallingThreadNice(int nice) {
    try {
      return Function.getFunction("c", "setpriority").invokeInt(new Object[] {PRIO_PROCESS, 0, nice}) == 0;
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }
}
