package io.crosscheck.telemetry;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Linux CPU counters from procfs, read without allocation: the process's user and system time
 * ({@code /proc/self/stat} fields 14 {@code utime} and 15 {@code stime}) and the host's busy and
 * idle time ({@code /proc/stat} first line, all cores).
 *
 * <p>Units: clock ticks of {@code USER_HZ}, read once from {@code /proc/self/auxv} (100 on every
 * mainstream Linux; 100 if unreadable). Resolution is one tick (10 ms): over a 100 ms interval a
 * core's share is known to ±0.1 core. Host busy = user+nice+system+irq+softirq+steal; idle =
 * idle+iowait (guest time is already inside user).
 *
 * <p>The files stay open and are re-read from offset 0, which procfs supports. Where procfs is
 * missing (not Linux) or a read fails, the counters are {@code -1}, counted in {@link
 * #readFailures()}: failures are data.
 *
 * <p>Thread-safety: single-threaded (the sampler thread).
 */
final class ProcCpu implements AutoCloseable {
  private final RandomAccessFile selfStat;
  private final RandomAccessFile stat;
  private final byte[] buffer = new byte[4_096];
  private final long ticksPerSecond;
  private long readFailures;

  /** Process user ticks, process system ticks, host busy ticks, host total ticks; -1 unknown. */
  long processUserTicks = -1;
  long processSysTicks = -1;
  long hostBusyTicks = -1;
  long hostTotalTicks = -1;

  private ProcCpu(RandomAccessFile selfStat, RandomAccessFile stat, long ticksPerSecond) {
    this.selfStat = selfStat;
    this.stat = stat;
    this.ticksPerSecond = ticksPerSecond;
  }

  /** Opens the procfs files (either may be missing: its counters stay -1). */
  static ProcCpu open() {
    return new ProcCpu(openOrNull(Paths.get("/proc/self/stat")), openOrNull(Paths.get("/proc/stat")),
        clockTicksPerSecond());
  }

  private static RandomAccessFile openOrNull(Path p) {
    try {
      return Files.isReadable(p) ? new RandomAccessFile(p.toFile(), "r") : null;
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * {@code USER_HZ}, the unit of procfs CPU times: the {@code AT_CLKTCK} entry (type 17) of this
   * process's ELF auxiliary vector ({@code /proc/self/auxv}: native-endian pairs of unsigned longs,
   * type then value, ended by type 0), which is what {@code sysconf(_SC_CLK_TCK)} returns. Read
   * from the file rather than by running {@code getconf}: spawning a process costs the audited JVM
   * more CPU than all its samples of a short run. 100 (the Linux USER_HZ) when unreadable.
   */
  static long clockTicksPerSecond() {
    try {
      ByteBuffer auxv = ByteBuffer.wrap(Files.readAllBytes(Paths.get("/proc/self/auxv")))
          .order(ByteOrder.nativeOrder());
      boolean wide = !"32".equals(System.getProperty("sun.arch.data.model"));
      int entryBytes = wide ? 16 : 8;
      while (auxv.remaining() >= entryBytes) {
        long type = wide ? auxv.getLong() : Integer.toUnsignedLong(auxv.getInt());
        long value = wide ? auxv.getLong() : Integer.toUnsignedLong(auxv.getInt());
        if (type == 0) {
          break; // AT_NULL
        }
        if (type == 17 && value > 0) { // AT_CLKTCK
          return value;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or procfs not mounted: USER_HZ is 100 on Linux
    }
    return 100;
  }

  long ticksPerSecond() {
    return ticksPerSecond;
  }

  /** Number of failed reads since opening. */
  long readFailures() {
    return readFailures;
  }

  boolean processAvailable() {
    return selfStat != null;
  }

  boolean hostAvailable() {
    return stat != null;
  }

  /** Re-reads both files into the tick fields. */
  void read() {
    readSelf();
    readHost();
  }

  private void readSelf() {
    processUserTicks = -1;
    processSysTicks = -1;
    int n = fill(selfStat);
    if (n <= 0) {
      return;
    }
    // the command name (field 2) is in parentheses and may hold spaces or ')': skip to the last ')'
    int i = n - 1;
    while (i >= 0 && buffer[i] != ')') {
      i--;
    }
    if (i < 0) {
      readFailures++;
      return;
    }
    i += 2; // now at field 3 (state)
    int field = 3;
    while (field < 14 && i < n) {
      if (buffer[i++] == ' ') {
        field++;
      }
    }
    long user = ProcDigits.parse(buffer, i, n);
    i = ProcDigits.skip(buffer, i, n) + 1; // past the space
    long sys = ProcDigits.parse(buffer, i, n);
    if (user < 0 || sys < 0) {
      readFailures++;
      return;
    }
    processUserTicks = user;
    processSysTicks = sys;
  }

  private void readHost() {
    hostBusyTicks = -1;
    hostTotalTicks = -1;
    int n = fill(stat);
    if (n < 5 || buffer[0] != 'c' || buffer[1] != 'p' || buffer[2] != 'u' || buffer[3] != ' ') {
      if (n > 0) {
        readFailures++;
      }
      return;
    }
    int i = 4;
    long busy = 0;
    long idle = 0;
    // user nice system idle iowait irq softirq steal [guest guest_nice: inside user and nice]
    for (int field = 0; field < 8; field++) {
      while (i < n && buffer[i] == ' ') {
        i++;
      }
      long v = ProcDigits.parse(buffer, i, n);
      i = ProcDigits.skip(buffer, i, n);
      if (v < 0) {
        if (field < 4) {
          readFailures++;
          return;
        }
        break; // old kernels have fewer fields
      }
      if (field == 3 || field == 4) {
        idle += v;
      } else {
        busy += v;
      }
    }
    hostBusyTicks = busy;
    hostTotalTicks = busy + idle;
  }

  private int fill(RandomAccessFile f) {
    if (f == null) {
      return -1;
    }
    try {
      f.seek(0);
      int total = 0;
      int r;
      // /proc/stat's first line is all we need; one buffer holds it
      while (total < buffer.length && (r = f.read(buffer, total, buffer.length - total)) > 0) {
        total += r;
      }
      return total;
    } catch (IOException e) {
      readFailures++;
      return -1;
    }
  }

  @Override
  public void close() {
    for (RandomAccessFile f : new RandomAccessFile[] {selfStat, stat}) {
      if (f != null) {
        try {
          f.close();
        } catch (IOException e) {
          // nothing was written; closing a procfs file cannot lose data
        }
      }
    }
  }
}
