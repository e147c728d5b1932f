package io.crosscheck.telemetry;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;

/**
 * Run-queue wait of this process from Linux {@code /proc/self/task/<tid>/schedstat}: its second
 * field is the nanoseconds the thread spent runnable but waiting for a CPU (scheduler delay). Summed
 * over the process's threads, the growth between two reads is how long its threads queued for a
 * core in that interval: a generator whose host is saturated queues, one that merely works hard
 * does not.
 *
 * <p>Each thread is followed by its id: a thread present in both reads adds its growth, a thread new
 * since the last read adds all its wait (it began after that read). A thread that ended between
 * the reads takes its last interval's wait with it (an undercount, never an overcount). Cost: one
 * directory listing and one open, read and close per thread per sample (about 15 µs of CPU per
 * thread here: 14 ms for 1,000 threads), and a map of the thread ids; {@link JvmSampler} bounds it.
 *
 * <p>Where the files are missing (not Linux, or a kernel without {@code CONFIG_SCHED_INFO}) the
 * figure is unavailable ({@link #available()} false) and the wait is {@code -1}.
 *
 * <p>Thread-safety: single-threaded (the sampler thread).
 */
public final class TaskSchedstat {
  private final Path taskDir;
  private final boolean available;
  private Map<String, Long> previous = new HashMap<>();
  private final byte[] buffer = new byte[128];
  private long readFailures;

  private TaskSchedstat(Path taskDir) {
    this.taskDir = taskDir;
    this.available = Files.isReadable(taskDir.resolve(selfTid(taskDir)).resolve("schedstat"));
  }

  /** Follows this process's threads. */
  public static TaskSchedstat open() {
    return new TaskSchedstat(Paths.get("/proc/self/task"));
  }

  /** Follows the threads of process {@code pid} (from outside it). */
  public static TaskSchedstat of(long pid) {
    return new TaskSchedstat(Paths.get("/proc", Long.toString(pid), "task"));
  }

  private static String selfTid(Path taskDir) {
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDir)) {
      for (Path t : tasks) {
        return t.getFileName().toString();
      }
    } catch (IOException | RuntimeException e) {
      // no procfs: unavailable
    }
    return "-";
  }

  /** True when the schedstat files are readable. */
  public boolean available() {
    return available;
  }

  /** Threads read by the last {@link #waitSinceLastNanos()} (0 before the first). */
  public int threadsLastRead() {
    return previous.size();
  }

  /** Reads that failed (a thread that ended mid-read is not a failure). */
  public long readFailures() {
    return readFailures;
  }

  /**
   * Reads every thread's wait and returns the run-queue wait, in nanoseconds summed over threads,
   * accumulated since the previous call (since the threads began, for the first call); -1 when
   * unavailable.
   */
  public long waitSinceLastNanos() {
    if (!available) {
      return -1;
    }
    Map<String, Long> now = new HashMap<>(Math.max(16, previous.size() * 2));
    long sum = 0;
    String[] tids = taskDir.toFile().list();
    if (tids == null) {
      readFailures++;
      return -1;
    }
    String prefix = taskDir + "/";
    try {
      for (String tid : tids) {
        long wait = waitNanos(prefix + tid + "/schedstat");
        if (wait < 0) {
          continue; // the thread ended between the listing and the read
        }
        now.put(tid, wait);
        Long before = previous.get(tid);
        sum += before == null ? wait : Math.max(0, wait - before);
      }
    } catch (RuntimeException e) {
      readFailures++;
      return -1;
    }
    previous = now;
    return sum;
  }

  /** The second field of one schedstat file, or -1 when it is gone or unreadable. */
  private long waitNanos(String schedstat) {
    int n;
    try (FileInputStream in = new FileInputStream(schedstat)) {
      n = in.read(buffer);
    } catch (IOException e) {
      return -1;
    }
    int i = 0;
    while (i < n && buffer[i] != ' ') {
      i++; // field 1: time on the CPU
    }
    long v = ProcDigits.parse(buffer, i + 1, n);
    if (v < 0) {
      readFailures++;
    }
    return v;
  }
}
