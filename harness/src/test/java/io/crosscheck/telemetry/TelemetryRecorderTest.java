package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.crosscheck.HostTiming;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A real recorder for about a second while this JVM allocates, starts threads and collects. */
class TelemetryRecorderTest {
  static volatile Object sink;

  @ParameterizedTest
  @EnumSource(value = GcPauseSource.class, names = {"JMX", "JFR"})
  void recordsThreadsHeapGcAllocationAndCpuAndSummarisesItsRows(GcPauseSource source, @TempDir Path dir)
      throws Exception {
    Path csv = dir.resolve("telemetry.csv");
    int liveBefore = ManagementFactory.getThreadMXBean().getThreadCount();
    List<int[]> live = new ArrayList<>(); // a live set: full GCs take whole ms, not a sub-ms no-op
    for (int i = 0; i < 200_000; i++) {
      live.add(new int[8]);
    }
    TelemetryRecorder recorder = source == GcPauseSource.JMX
        ? TelemetryRecorder.start(csv, TelemetryRecorder.DEFAULT_PERIOD_NANOS) // the default
        : TelemetryRecorder.start(csv, TelemetryRecorder.DEFAULT_PERIOD_NANOS, source);
    long startNanos = System.nanoTime();
    long loopCpuNanos;
    CountDownLatch release = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    try {
      for (int i = 0; i < 50; i++) {
        Thread t = new Thread(() -> awaitQuietly(release), "telemetry-test-" + i);
        t.start();
        threads.add(t);
      }
      long untilNanos = startNanos + TimeUnit.MILLISECONDS.toNanos(1_000);
      long cpuBeforeNanos = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      int round = 0;
      // about 1 s, and at least 60 MB of garbage however little CPU a busy host leaves this thread
      while (System.nanoTime() - untilNanos < 0 || round < 60) {
        for (int i = 0; i < 1_000; i++) {
          sink = new byte[1_024]; // garbage, and CPU
        }
        if (++round % 2_000 == 0) {
          System.gc();
        }
      }
      loopCpuNanos = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuBeforeNanos;
      System.gc();
    } finally {
      release.countDown();
      for (Thread t : threads) {
        t.join();
      }
    }
    TelemetrySummary summary = recorder.stop();
    assertEquals(TelemetryCsv.HEADER, Files.readAllLines(csv).get(0), "exact header");
    List<TelemetrySample> rows = TelemetryCsv.read(csv);

    // about 1 s at 100 ms: every tick due up to the last row is a row or counted as skipped
    assertTrue((summary.endNanos() - summary.startNanos()) / summary.periodNanos() >= 9, summary.toString());
    assertTicksAccountedFor(rows, summary);
    HostTiming.check(rows.size() >= 8 && rows.size() <= 13, rows.size() + " telemetry rows for ~1 s at 100 ms, 8 to 13");
    assertEquals(rows.size(), summary.samples());
    assertTrue(summary.threadsPeak() >= liveBefore + 50,
        "peak " + summary.threadsPeak() + " with " + liveBefore + " live before and 50 started");
    assertTrue(summary.threadsStartedInRun() >= 50, summary.toString());
    assertTrue(summary.gcCount() >= 1, summary.toString());
    assertTrue(summary.gcPauses() >= 1, source + " saw a pause: " + summary);
    assertTrue(summary.gcPauseMaxMicros() >= 1_000, "a full GC with a live set: " + summary);
    assertTrue(summary.gcPauseTotalMicros() >= summary.gcPauseMaxMicros());
    assertEquals(source == GcPauseSource.JMX ? "jmx:GarbageCollectionNotification"
        : "jfr:jdk.GCPhasePause", summary.gcPauseSource());
    if (source == GcPauseSource.JMX) {
      // the same collections the GC count counts (no concurrent-cycle beans on the test's G1), and
      // durations from the same ms timers as the collection time: equal to within 1 ms per pause
      assertEquals(summary.gcCount(), summary.gcPauses(), summary.toString());
      assertTrue(Math.abs(summary.gcPauseTotalMicros() / 1_000 - summary.gcTimeMillis())
          <= summary.gcPauses() + 1, summary.toString());
    }
    assertTrue(summary.allocatedBytes() > 50_000_000L, summary.toString());
    // the process's CPU includes this thread's busy loop (within 10 %: the rows' CPU readings come
    // from another clock than the thread's); how much of a core the loop got is the host's figure
    double runNanos = summary.endNanos() - summary.startNanos();
    assertTrue(summary.processCpuMeanCores() * runNanos >= 0.9 * loopCpuNanos,
        loopCpuNanos + " ns of the loop's CPU in " + runNanos + " ns: " + summary);
    HostTiming.check(summary.processCpuMeanCores() > 0.2,
        "telemetry: process CPU " + summary.processCpuMeanCores() + " cores while a thread spun, above 0.2");
    assertTrue(summary.systemCpuMeanFraction() > 0 && summary.systemCpuMeanFraction() <= 1);

    // the summary is the rows' summary
    long pausesInRows = 0;
    long maxPauseInRows = 0;
    int peak = 0;
    long heapMax = 0;
    boolean allocating = false;
    int queueRows = 0;
    long previousNanos = summary.startNanos();
    for (TelemetrySample r : rows) {
      assertTrue(r.sampleNanos() > previousNanos, "rows in time order");
      previousNanos = r.sampleNanos();
      pausesInRows += r.gcPausesInInterval();
      maxPauseInRows = Math.max(maxPauseInRows, r.gcPauseMaxMicrosInInterval());
      peak = Math.max(peak, r.threadsPeak());
      heapMax = Math.max(heapMax, r.heapUsedBytes());
      allocating |= r.allocatedBytesPerSecond() > 0;
      assertTrue(r.processCpuUserCores() >= 0 && r.processCpuSysCores() >= 0, r.toString());
      assertTrue(r.heapUsedBytes() <= r.heapCommittedBytes(), r.toString());
      assertTrue(!(r.runQueueWaitMicrosPerSecond() < 0), "run-queue wait, when read, is a wait: " + r);
      queueRows += Double.isNaN(r.runQueueWaitMicrosPerSecond()) ? 0 : 1;
      assertEquals(Runtime.getRuntime().availableProcessors(), r.cpuCoresAvailable(), r.toString());
    }
    assertTrue(allocating, "some interval allocated");
    assertTrue(queueRows >= rows.size() / 3, queueRows + " of " + rows.size() + " rows read schedstat (1 % budget)");
    assertEquals(summary.gcPauses(), pausesInRows + summary.gcPausesLate());
    assertEquals(summary.endNanos(), rows.get(rows.size() - 1).sampleNanos());
    assertEquals(peak, summary.threadsPeak());
    assertEquals(heapMax, summary.heapUsedMaxBytes());
    assertTrue(summary.gcCount() >= rows.get(rows.size() - 1).gcCount() - rows.get(0).gcCount());
    if (summary.gcPausesLate() == 0) {
      assertEquals(summary.gcPauseMaxMicros(), maxPauseInRows);
    }
    // on a small busy host System.gc() can hold the sampler up past a tick: that is reported data
    summary.problems().forEach(p -> assertTrue(p.endsWith("ticks skipped (the sampler was held up)"), p));
    assertTrue(summary == recorder.stop(), "stop is idempotent");
    assertTrue(live.size() == 200_000);
  }

  @Test
  void rowsComeAtThePeriod(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("telemetry.csv");
    long periodNanos = TimeUnit.MILLISECONDS.toNanos(50);
    TelemetryRecorder recorder = TelemetryRecorder.start(csv, periodNanos);
    Thread.sleep(1_000);
    TelemetrySummary summary = recorder.stop();
    List<TelemetrySample> rows = TelemetryCsv.read(csv);
    // 20 ticks in 1 s, and the last sample at stop; a tick held up on a busy host is taken late or
    // skipped: as counts, every tick due up to the last row is a row or a skipped tick, in order
    int tickRows = assertTicksAccountedFor(rows, summary);
    assertTrue(tickRows >= 1, rows.size() + " rows");
    // how punctual the ticks were is the host's figure, asserted by bench/host-timing.sh
    List<Long> gaps = new ArrayList<>();
    long previousNanos = summary.startNanos();
    int onTime = 0;
    for (TelemetrySample r : rows.subList(0, tickRows)) {
      gaps.add(r.sampleNanos() - previousNanos);
      previousNanos = r.sampleNanos();
      long lateNanos = (r.sampleNanos() - summary.startNanos()) % periodNanos;
      onTime += lateNanos <= TimeUnit.MILLISECONDS.toNanos(5) ? 1 : 0;
    }
    Collections.sort(gaps);
    long medianNanos = gaps.get(gaps.size() / 2);
    HostTiming.check(Math.abs(medianNanos - periodNanos) <= TimeUnit.MILLISECONDS.toNanos(2), String.format(Locale.ROOT,
        "telemetry median gap %.2f ms within 2 ms of the 50 ms period; gaps %s", medianNanos / 1e6, gaps));
    HostTiming.check(onTime >= tickRows * 3 / 4,
        "telemetry ticks within 5 ms of their instant: " + onTime + " of " + tickRows + ", at least 3/4; "
            + (summary.problems().isEmpty() ? "none skipped" : summary.problems()));
    assertEquals("jmx:GarbageCollectionNotification", summary.gcPauseSource());
  }

  @Test
  void withoutAPauseSourceThePauseColumnsAreEmptyAndTheSummarySaysSo(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("telemetry.csv");
    TelemetryRecorder recorder = TelemetryRecorder.start(csv, TimeUnit.MILLISECONDS.toNanos(20),
        GcPauseSource.OFF);
    Thread.sleep(200);
    TelemetrySummary summary = recorder.stop();
    List<TelemetrySample> rows = TelemetryCsv.read(csv);
    assertTrue(assertTicksAccountedFor(rows, summary) >= 1, rows.size() + " rows"); // 10 ticks in 200 ms
    rows.forEach(r -> assertEquals(-1, r.gcPausesInInterval()));
    assertTrue(Files.readAllLines(csv).get(1).contains(",,,"), "empty pause cells");
    assertEquals(-1, summary.gcPauses());
    assertEquals("off", summary.gcPauseSource());
    assertEquals(-1L, summary.gcPauses());
  }

  /**
   * The sampler ticks at fixed rate on its start: tick n is due at {@code startNanos + n x period}, a
   * late tick is taken late and the ticks it overran are skipped and counted. So, whatever the
   * host's load: the rows the ticks wrote fall in distinct, increasing periods after the start, and
   * the periods up to the last of them are those rows plus the skipped ticks. The last row may be
   * stop's own sample (taken when at least 1 ms past the last tick). Returns the rows ticks wrote.
   */
  static int assertTicksAccountedFor(List<TelemetrySample> rows, TelemetrySummary summary) {
    long periodNanos = summary.periodNanos();
    long skipped = 0;
    for (String p : summary.problems()) {
      Matcher m = SKIPPED.matcher(p);
      if (m.find()) {
        skipped += Long.parseLong(m.group(1));
      }
    }
    assertTrue(!rows.isEmpty(), "no rows");
    long previousPeriod = 0;
    for (TelemetrySample r : rows) {
      long period = (r.sampleNanos() - summary.startNanos()) / periodNanos;
      assertTrue(period >= previousPeriod, "rows in time order: " + rows);
      previousPeriod = period;
    }
    // the last row is a tick's or stop's: one of the two readings accounts for every due tick
    for (int tickRows = rows.size(); tickRows >= rows.size() - 1 && tickRows >= 1; tickRows--) {
      long lastPeriod = (rows.get(tickRows - 1).sampleNanos() - summary.startNanos()) / periodNanos;
      boolean distinct = true;
      for (int i = 1; i < tickRows; i++) {
        distinct &= (rows.get(i).sampleNanos() - summary.startNanos()) / periodNanos
            > (rows.get(i - 1).sampleNanos() - summary.startNanos()) / periodNanos;
      }
      long first = (rows.get(0).sampleNanos() - summary.startNanos()) / periodNanos;
      if (distinct && first >= 1 && tickRows + skipped == lastPeriod) {
        return tickRows;
      }
    }
    throw new AssertionError("the due ticks are not the rows plus " + skipped + " skipped: " + rows.size()
        + " rows at periods " + rows.stream().map(r -> (r.sampleNanos() - summary.startNanos()) / periodNanos).toList()
        + " of " + periodNanos + " ns; " + summary.problems());
  }

  private static final Pattern SKIPPED = Pattern.compile("^(\\d+) sampling ticks skipped \\(the sampler was held up\\)$");

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
