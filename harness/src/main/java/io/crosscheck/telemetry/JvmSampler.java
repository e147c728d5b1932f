package io.crosscheck.telemetry;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * Takes one {@link TelemetrySample} of this JVM: threads and heap from the platform MXBeans, GC
 * count and time summed over every {@link GarbageCollectorMXBean}, allocation and CPU as rates
 * since the previous sample. The pause columns are left for {@link TelemetryRecorder} to fill from
 * its {@link GcPauseSource} ({@code -1}).
 *
 * <p>Allocation: {@link com.sun.management.ThreadMXBean#getTotalThreadAllocatedBytes()} (JDK 14+,
 * so present on 17): one call, no array of thread ids, and it includes threads that have ended
 * since the previous sample, which summing {@code getThreadAllocatedBytes(long[])} over live
 * threads would lose (and that costs an id array and a result array per sample). JFR's {@code
 * jdk.ThreadAllocationStatistics} is periodic per chunk and per thread, too coarse for 100 ms. The
 * call walks the thread list, so its cost grows with the thread count (see TelemetryBenchmark).
 *
 * <p>CPU: {@link ProcCpu} ({@code /proc}), user and system apart; process CPU in cores (0..N),
 * host CPU as a fraction of all cores (0..1).
 *
 * <p>Run-queue wait: {@link TaskSchedstat} (the threads' scheduler delay), in µs per second since
 * its previous read; read at most at 1 % of a core's cost, so with many threads some rows leave it
 * empty (the next read covers them).
 *
 * <p>An impossible measurement (a counter that went backwards) is not clamped: the rate is {@code
 * NaN} and {@link #impossibleDeltas()} counts it.
 *
 * <p>Thread-safety: single-threaded; the recorder's sampler thread owns it.
 */
public final class JvmSampler implements AutoCloseable {
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final GarbageCollectorMXBean[] collectors =
      ManagementFactory.getGarbageCollectorMXBeans().toArray(new GarbageCollectorMXBean[0]);
  private final com.sun.management.ThreadMXBean allocation;
  private final ProcCpu cpu;
  private final TaskSchedstat schedstat;
  private final List<String> problems = new ArrayList<>();
  private long impossibleDeltas;

  /** Schedstat is read at most once per this many times its last read's cost (1 % of a core). */
  static final long SCHEDSTAT_COST_SHARE = 100;
  /** CPU one thread's schedstat read costs (procfs open, read, close), measured here: 13-16 µs. */
  static final long SCHEDSTAT_NANOS_PER_THREAD = 15_000;
  private long lastSchedstatNanos = Long.MIN_VALUE;
  private long previousNanos = Long.MIN_VALUE;
  private long previousAllocatedBytes = -1;
  private long previousUserTicks = -1;
  private long previousSysTicks = -1;
  private long previousHostBusyTicks = -1;
  private long previousHostTotalTicks = -1;

  private JvmSampler(com.sun.management.ThreadMXBean allocation, ProcCpu cpu, TaskSchedstat schedstat) {
    this.allocation = allocation;
    this.cpu = cpu;
    this.schedstat = schedstat;
  }

  /** Opens the sources; what is unavailable is listed in {@link #problems()}. */
  public static JvmSampler open() {
    com.sun.management.ThreadMXBean allocation = null;
    List<String> problems = new ArrayList<>();
    ThreadMXBean bean = ManagementFactory.getThreadMXBean();
    if (bean instanceof com.sun.management.ThreadMXBean) {
      com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) bean;
      if (sun.isThreadAllocatedMemorySupported() && sun.isThreadAllocatedMemoryEnabled()) {
        allocation = sun;
      } else {
        problems.add("allocation rate unavailable: thread allocated memory "
            + (sun.isThreadAllocatedMemorySupported() ? "disabled" : "unsupported"));
      }
    } else {
      problems.add("allocation rate unavailable: no com.sun.management.ThreadMXBean");
    }
    ProcCpu cpu = ProcCpu.open();
    if (!cpu.processAvailable()) {
      problems.add("process CPU unavailable: /proc/self/stat not readable");
    }
    TaskSchedstat schedstat = TaskSchedstat.open();
    if (!schedstat.available()) {
      problems.add("run-queue wait unavailable: /proc/self/task/*/schedstat not readable");
    }
    if (!cpu.hostAvailable()) {
      problems.add("system CPU unavailable: /proc/stat not readable");
    }
    JvmSampler s = new JvmSampler(allocation, cpu, schedstat);
    s.problems.addAll(problems);
    return s;
  }

  /**
   * Samples now. The first call has no previous sample: its rates are {@code NaN}.
   *
   * @param nowNanos {@link System#nanoTime()} of this sample (the caller's tick)
   */
  public TelemetrySample sample(long nowNanos) {
    MemoryUsage heap = memory.getHeapMemoryUsage();
    long gcCount = 0;
    long gcTimeMillis = 0;
    for (GarbageCollectorMXBean gc : collectors) {
      gcCount += Math.max(0, gc.getCollectionCount()); // -1 means "undefined" for that bean
      gcTimeMillis += Math.max(0, gc.getCollectionTime());
    }
    double seconds = (nowNanos - previousNanos) / 1e9;
    boolean first = previousNanos == Long.MIN_VALUE;

    double allocatedBytesPerSecond = Double.NaN;
    if (allocation != null) {
      long allocated = allocatedBytes();
      if (!first && allocated >= 0 && previousAllocatedBytes >= 0) {
        allocatedBytesPerSecond = rate(allocated - previousAllocatedBytes, seconds);
      }
      previousAllocatedBytes = allocated;
    }

    cpu.read();
    double ticksPerSecond = cpu.ticksPerSecond();
    double userCores = Double.NaN;
    double sysCores = Double.NaN;
    if (!first && cpu.processUserTicks >= 0 && previousUserTicks >= 0) {
      userCores = rate(cpu.processUserTicks - previousUserTicks, seconds) / ticksPerSecond;
      sysCores = rate(cpu.processSysTicks - previousSysTicks, seconds) / ticksPerSecond;
    }
    double systemFraction = Double.NaN;
    if (!first && cpu.hostTotalTicks >= 0 && previousHostTotalTicks >= 0) {
      long total = cpu.hostTotalTicks - previousHostTotalTicks;
      long busy = cpu.hostBusyTicks - previousHostBusyTicks;
      if (total < 0 || busy < 0 || busy > total) {
        impossibleDeltas++;
      } else if (total > 0) { // no tick elapsed (a very short interval): unknown, not 0
        systemFraction = (double) busy / total;
      }
    }
    double runQueueMicrosPerSecond = runQueue(nowNanos);
    previousUserTicks = cpu.processUserTicks;
    previousSysTicks = cpu.processSysTicks;
    previousHostBusyTicks = cpu.hostBusyTicks;
    previousHostTotalTicks = cpu.hostTotalTicks;
    previousNanos = nowNanos;

    return new TelemetrySample(
        nowNanos,
        threads.getThreadCount(),
        threads.getPeakThreadCount(),
        threads.getTotalStartedThreadCount(),
        heap.getUsed(),
        heap.getCommitted(),
        heap.getMax(),
        gcCount,
        gcTimeMillis,
        -1,
        -1,
        allocatedBytesPerSecond,
        userCores,
        sysCores,
        systemFraction,
        runQueueMicrosPerSecond,
        Runtime.getRuntime().availableProcessors());
  }

  /**
   * The run-queue wait since the last read of schedstat, in µs per second, or NaN when this sample
   * skips it. Reading costs about 15 µs of CPU per thread (procfs open, read, close): it is read
   * only when {@link #SCHEDSTAT_COST_SHARE} times its estimated cost (threads × {@link
   * #SCHEDSTAT_NANOS_PER_THREAD}) has passed since the last read, so it takes about 1 % of a core at
   * most (every row up to ~66 threads at 100 ms, every 1.5 s with 1,000 threads).
   */
  private double runQueue(long nowNanos) {
    // the cost is estimated from the threads read last time, not timed: a timed read looks dear
    // exactly when the host is saturated (the reader is preempted), which is when it matters
    long costNanos = schedstat.threadsLastRead() * SCHEDSTAT_NANOS_PER_THREAD;
    if (lastSchedstatNanos != Long.MIN_VALUE && nowNanos - lastSchedstatNanos < SCHEDSTAT_COST_SHARE * costNanos) {
      return Double.NaN;
    }
    long waitNanos = schedstat.waitSinceLastNanos();
    double seconds = (nowNanos - lastSchedstatNanos) / 1e9;
    boolean first = lastSchedstatNanos == Long.MIN_VALUE;
    lastSchedstatNanos = nowNanos;
    return first || waitNanos < 0 || seconds <= 0 ? Double.NaN : waitNanos / 1e3 / seconds;
  }

  private long allocatedBytes() {
    try {
      return allocation.getTotalThreadAllocatedBytes();
    } catch (UnsupportedOperationException e) {
      return -1;
    }
  }

  private double rate(long delta, double seconds) {
    if (delta < 0 || seconds <= 0) {
      impossibleDeltas++;
      return Double.NaN;
    }
    return delta / seconds;
  }

  /** Heap bytes allocated by all threads since the JVM started, or -1 if unavailable. */
  public long allocatedBytesTotal() {
    return allocation == null ? -1 : allocatedBytes();
  }

  /** Counters that went backwards (their rate was reported as NaN). */
  public long impossibleDeltas() {
    return impossibleDeltas;
  }

  /** Sources that are unavailable in this JVM, or read failures, as sentences. */
  public List<String> problems() {
    List<String> all = new ArrayList<>(problems);
    if (cpu.readFailures() > 0) {
      all.add(cpu.readFailures() + " failed reads of /proc");
    }
    if (impossibleDeltas > 0) {
      all.add(impossibleDeltas + " counters went backwards (rates reported as empty)");
    }
    return all;
  }

  /** Resets the JVM's peak thread count, so that {@code threadsPeak} is the peak of the run. */
  void resetPeakThreads() {
    threads.resetPeakThreadCount();
  }

  @Override
  public void close() {
    cpu.close();
  }
}
