package io.crosscheck.engine;

import com.sun.jna.Function;
import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Linux CPU affinity of this JVM's threads: {@code sched_getaffinity} and {@code sched_setaffinity}
 * through JNA (pcap4j's native bridge, already on the class path), thread ids from {@code
 * /proc/thread-self} and {@code /proc/self/task}. The engine uses it to give its event loop a core of
 * its own ({@link LoopPinning}). Every call reports failure by exception; nothing here is cached.
 * Stateless and thread-safe.
 */
public final class CpuAffinity {
  /** Room for 1,024 CPUs, the size glibc's {@code cpu_set_t} has. */
  private static final int MASK_BYTES = 128;

  private CpuAffinity() {}

  /**
   * The CPUs the calling thread may run on (what {@code taskset} or a cgroup cpuset allows), or
   * else why not.
   *
   * @throws IOException when the kernel or JNA cannot tell (not Linux, no libc)
   */
  public static BitSet allowedCpus() throws IOException {
    return get(0);
  }

  /** The CPUs task (thread) {@code tid} may run on. */
  public static BitSet get(int tid) throws IOException {
    Memory mask = new Memory(MASK_BYTES);
    mask.clear();
    try {
      Function.getFunction("c", "sched_getaffinity", Function.THROW_LAST_ERROR)
          .invokeInt(new Object[] {tid, (long) MASK_BYTES, mask});
    } catch (LastErrorException e) {
      throw new IOException("sched_getaffinity(" + tid + ") failed, errno " + e.getErrorCode());
    } catch (RuntimeException | LinkageError e) {
      throw new IOException("sched_getaffinity is not available here (" + e + ")");
    }
    return BitSet.valueOf(mask.getByteArray(0, MASK_BYTES));
  }

  /**
   * Lets task {@code tid} (0: the calling thread) run on {@code cpus} only.
   *
   * @throws IOException naming the task and errno (ESRCH 3: the thread has ended)
   */
  public static void set(int tid, BitSet cpus) throws IOException {
    byte[] bytes = cpus.toByteArray();
    Memory mask = new Memory(MASK_BYTES);
    mask.clear();
    mask.write(0, bytes, 0, Math.min(bytes.length, MASK_BYTES));
    try {
      Function.getFunction("c", "sched_setaffinity", Function.THROW_LAST_ERROR)
          .invokeInt(new Object[] {tid, (long) MASK_BYTES, mask});
    } catch (LastErrorException e) {
      throw new IOException("sched_setaffinity(" + tid + ", " + cpus + ") failed, errno " + e.getErrorCode());
    } catch (RuntimeException | LinkageError e) {
      throw new IOException("sched_setaffinity is not available here (" + e + ")");
    }
  }

  /** The calling thread's kernel task id ({@code /proc/thread-self} points at {@code PID/task/TID}). */
  public static int currentTid() throws IOException {
    Path link = Files.readSymbolicLink(Path.of("/proc/thread-self"));
    return Integer.parseInt(link.getFileName().toString());
  }

  /** The task ids of this process's threads now. */
  public static List<Integer> tasks() throws IOException {
    List<Integer> out = new ArrayList<>();
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
      for (Path t : tasks) {
        out.add(Integer.parseInt(t.getFileName().toString()));
      }
    }
    return out;
  }

  /** {@code 0-1,4} style, as taskset and /proc print CPU lists. */
  public static String list(BitSet cpus) {
    StringBuilder out = new StringBuilder();
    for (int i = cpus.nextSetBit(0); i >= 0; ) {
      int end = cpus.nextClearBit(i) - 1;
      out.append(out.length() == 0 ? "" : ",").append(i).append(end > i ? "-" + end : "");
      i = cpus.nextSetBit(end + 1);
    }
    return out.length() == 0 ? "none" : out.toString();
  }
}
