package io.crosscheck.agent.bootstrap;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.RandomAccessFile;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * JVM pressure sampled inside the target on one daemon thread: threads, heap, GC, allocation and
 * CPU, one row per period in telemetry.csv, exactly the harness's {@code TelemetryCsv} format
 * (17 columns; see that class for the fields). GC pauses come from JMX GC notifications of the
 * collectors that report pauses (not the "... Cycles" beans), counted in the row of the period they
 * were received in, durations at 1 ms resolution. Process CPU from {@code /proc/self/stat}
 * (100 ticks per second), system CPU from the OS bean, run-queue wait from the threads'
 * {@code /proc/self/task/<tid>/schedstat} (second field, summed over threads; a thread new since the
 * last read adds all its wait, an ended one takes its last interval's with it; read at most at 1 %
 * of a core, so with many threads every few rows, the others empty), the cores from
 * {@link Runtime#availableProcessors()}. Each row is flushed as written.
 */
final class Telemetry implements NotificationListener {
  static final String HEADER =
      "sampleNanos,threadsLive,threadsPeak,threadsStarted,heapUsedBytes,heapCommittedBytes,"
          + "heapMaxBytes,gcCount,gcTimeMillis,gcPausesInInterval,gcPauseMaxMicrosInInterval,"
          + "allocatedBytesPerSecond,processCpuUserCores,processCpuSysCores,systemCpuFraction,"
          + "runQueueWaitMicrosPerSecond,cpuCoresAvailable";
  private static final double TICKS_PER_SECOND = 100.0;

  private final BufferedWriter out;
  private final long periodNanos;
  private final Thread thread;
  private volatile boolean stopping;
  private final List<GarbageCollectorMXBean> pauseBeans = new ArrayList<>();
  private final AtomicLong pauses = new AtomicLong();
  private volatile long pauseMaxMillis;
  final AtomicLong rows = new AtomicLong();
  private long lastNanos = -1;
  private long lastAllocated = -1;
  private long lastUserTicks = -1;
  private long lastSysTicks = -1;
  private java.util.Map<String, Long> lastWaits;
  private long lastWaitsNanos = -1;

  private Telemetry(Path file, long periodMillis) throws IOException {
    this.out = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file, StandardOpenOption.CREATE_NEW,
        StandardOpenOption.WRITE), StandardCharsets.UTF_8));
    out.write(HEADER);
    out.write('\n');
    out.flush();
    this.periodNanos = periodMillis * 1_000_000L;
    this.thread = new Thread(this::loop, "crosscheck-agent-telemetry");
    thread.setDaemon(true);
  }

  /** Starts sampling into {@code file} every {@code periodMillis}. */
  static Telemetry start(Path file, long periodMillis) throws IOException {
    Telemetry t = new Telemetry(file, periodMillis);
    t.thread.start();
    return t;
  }

  private void loop() {
    try {
      for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        if (!gc.getName().endsWith(" Cycles") && gc instanceof NotificationEmitter emitter) {
          emitter.addNotificationListener(this, null, null);
          pauseBeans.add(gc);
        }
      }
    } catch (Throwable e) {
      AgentControl.log("telemetry: no GC notifications: " + e);
    }
    long next = System.nanoTime();
    while (!stopping) {
      sample();
      next += periodNanos;
      long sleep = next - System.nanoTime();
      if (sleep > 0) {
        try {
          Thread.sleep(sleep / 1_000_000L, (int) (sleep % 1_000_000L));
        } catch (InterruptedException e) {
          if (stopping) {
            break;
          }
        }
      } else {
        next = System.nanoTime();
      }
    }
  }

  @Override
  public void handleNotification(Notification n, Object handback) {
    try {
      if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
        long millis = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()).getGcInfo().getDuration();
        synchronized (this) {
          pauses.incrementAndGet();
          pauseMaxMillis = Math.max(pauseMaxMillis, millis);
        }
      }
    } catch (Throwable t) {
      AgentControl.adviceError("telemetry.gcNotification", t);
    }
  }

  /** Takes one sample and writes its row. */
  synchronized void sample() {
    try {
      long now = System.nanoTime();
      ThreadMXBean threads = ManagementFactory.getThreadMXBean();
      MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
      long gcCount = 0;
      long gcMillis = 0;
      for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        gcCount += Math.max(0, gc.getCollectionCount());
        gcMillis += Math.max(0, gc.getCollectionTime());
      }
      long allocated = -1;
      if (threads instanceof com.sun.management.ThreadMXBean sun) {
        allocated = sun.getTotalThreadAllocatedBytes();
      }
      long[] ticks = cpuTicks();
      // schedstat costs ~15 us of CPU per thread: read at most at 1 % of a core (the harness's rule)
      double queueMicrosPerSecond = Double.NaN;
      // (cost estimated from the threads read last time, not timed: preemption would inflate it)
      long costNanos = lastWaits == null ? 0 : lastWaits.size() * 15_000L;
      if (lastWaitsNanos < 0 || now - lastWaitsNanos >= 100 * costNanos) {
        long waitNanos = runQueueWaitSinceLast();
        if (waitNanos >= 0 && lastWaitsNanos >= 0 && now > lastWaitsNanos) {
          queueMicrosPerSecond = waitNanos / 1e3 / ((now - lastWaitsNanos) / 1e9);
        }
        lastWaitsNanos = now;
      }
      double seconds = lastNanos < 0 ? Double.NaN : (now - lastNanos) / 1e9;
      StringBuilder sb = new StringBuilder(160);
      sb.append(now).append(',').append(threads.getThreadCount()).append(',').append(threads.getPeakThreadCount())
          .append(',').append(threads.getTotalStartedThreadCount()).append(',').append(heap.getUsed()).append(',')
          .append(heap.getCommitted()).append(',').append(heap.getMax()).append(',').append(gcCount).append(',')
          .append(gcMillis).append(',');
      if (!pauseBeans.isEmpty()) {
        long n = pauses.getAndSet(0);
        long max = pauseMaxMillis;
        pauseMaxMillis = 0;
        sb.append(n).append(',').append(n == 0 ? 0 : max * 1000);
      } else {
        sb.append(',');
      }
      sb.append(',');
      if (allocated >= 0 && lastAllocated >= 0 && seconds > 0) {
        sb.append(Math.round((allocated - lastAllocated) / seconds));
      }
      sb.append(',');
      if (ticks != null && lastUserTicks >= 0 && seconds > 0) {
        fixed4(sb, (ticks[0] - lastUserTicks) / TICKS_PER_SECOND / seconds);
        sb.append(',');
        fixed4(sb, (ticks[1] - lastSysTicks) / TICKS_PER_SECOND / seconds);
      } else {
        sb.append(',');
      }
      sb.append(',');
      java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
      if (os instanceof com.sun.management.OperatingSystemMXBean sunOs) {
        double load = sunOs.getCpuLoad();
        if (load >= 0) {
          fixed4(sb, load);
        }
      }
      sb.append(',');
      if (!Double.isNaN(queueMicrosPerSecond)) {
        sb.append(Math.round(queueMicrosPerSecond));
      }
      sb.append(',').append(Runtime.getRuntime().availableProcessors());
      sb.append('\n');
      out.append(sb);
      out.flush();
      rows.incrementAndGet();
      lastNanos = now;
      lastAllocated = allocated;
      if (ticks != null) {
        lastUserTicks = ticks[0];
        lastSysTicks = ticks[1];
      }
    } catch (Throwable t) {
      AgentControl.adviceError("telemetry.sample", t);
    }
  }

  /** utime and stime of this process in clock ticks, or null. */
  private static long[] cpuTicks() {
    try (RandomAccessFile f = new RandomAccessFile("/proc/self/stat", "r")) {
      String line = f.readLine();
      int close = line.lastIndexOf(')');
      String[] fields = line.substring(close + 2).split(" ");
      // fields after the command: state is field 3, utime field 14, stime field 15
      return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12])};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The run-queue wait of this process's threads since the previous call, in nanoseconds summed over
   * threads; -1 on the first call (it only primes) or when schedstat is unreadable.
   */
  private long runQueueWaitSinceLast() {
    java.io.File[] tasks = new java.io.File("/proc/self/task").listFiles();
    if (tasks == null) {
      return -1;
    }
    java.util.Map<String, Long> now = new java.util.HashMap<>();
    long sum = 0;
    byte[] buf = new byte[128];
    for (java.io.File t : tasks) {
      int n;
      try (java.io.FileInputStream in = new java.io.FileInputStream(new java.io.File(t, "schedstat"))) {
        n = in.read(buf);
      } catch (IOException e) {
        continue; // ended between the listing and the read
      }
      int i = 0;
      while (i < n && buf[i] != ' ') {
        i++;
      }
      i++;
      long v = 0;
      int digits = 0;
      while (i < n && buf[i] >= '0' && buf[i] <= '9') {
        v = v * 10 + (buf[i++] - '0');
        digits++;
      }
      if (digits == 0) {
        continue;
      }
      now.put(t.getName(), v);
      Long before = lastWaits == null ? null : lastWaits.get(t.getName());
      sum += before == null ? v : Math.max(0, v - before);
    }
    boolean first = lastWaits == null;
    lastWaits = now;
    return first || now.isEmpty() ? -1 : sum;
  }

  private static void fixed4(StringBuilder sb, double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return;
    }
    long scaled = Math.round(v * 10_000);
    if (scaled < 0) {
      sb.append('-');
      scaled = -scaled;
    }
    long frac = scaled % 10_000;
    sb.append(scaled / 10_000).append('.');
    for (long div = 1_000; div > frac && div > 1; div /= 10) {
      sb.append('0');
    }
    sb.append(frac);
  }

  /** Stops sampling after one last row; closes the file. */
  void stop() {
    stopping = true;
    thread.interrupt();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    for (GarbageCollectorMXBean gc : pauseBeans) {
      try {
        ((NotificationEmitter) gc).removeNotificationListener(this);
      } catch (Exception e) {
        // already gone
      }
    }
    sample();
    try {
      synchronized (this) {
        out.close();
      }
    } catch (IOException e) {
      AgentControl.log("closing telemetry.csv: " + e);
    }
  }
}
