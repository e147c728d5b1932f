package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
    CountDownLatch release = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    try {
      for (int i = 0; i < 50; i++) {
        Thread t = new Thread(() -> awaitQuietly(release), "telemetry-test-" + i);
        t.start();
        threads.add(t);
      }
      long untilNanos = startNanos + TimeUnit.MILLISECONDS.toNanos(1_000);
      int round = 0;
      while (System.nanoTime() - untilNanos < 0) {
        for (int i = 0; i < 1_000; i++) {
          sink = new byte[1_024]; // garbage, and CPU
        }
        if (++round % 2_000 == 0) {
          System.gc();
        }
      }
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

    assertTrue(rows.size() >= 8 && rows.size() <= 13, rows.size() + " rows for ~1 s at 100 ms");
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
    assertTrue(summary.processCpuMeanCores() > 0.2, summary.toString());
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
    // 20 ticks in 1 s, and the last sample at stop; a tick held up on a busy host is skipped
    assertTrue(rows.size() >= 15 && rows.size() <= 22, rows.size() + " rows"); // 16 seen on a fresh clone
    List<Long> gaps = new ArrayList<>();
    long previousNanos = summary.startNanos();
    for (TelemetrySample r : rows.subList(0, rows.size() - 1)) { // the last is stop's own sample
      gaps.add(r.sampleNanos() - previousNanos);
      previousNanos = r.sampleNanos();
    }
    Collections.sort(gaps);
    long medianNanos = gaps.get(gaps.size() / 2);
    assertTrue(Math.abs(medianNanos - periodNanos) <= TimeUnit.MILLISECONDS.toNanos(2),
        "median gap " + medianNanos + " ns for a period of " + periodNanos + " ns; gaps " + gaps);
    // fixed rate on the start: the n-th tick is due at start + n x period, whatever the lateness
    int onTime = 0;
    for (TelemetrySample r : rows.subList(0, rows.size() - 1)) {
      long sinceStart = r.sampleNanos() - summary.startNanos();
      long lateNanos = sinceStart - Math.round((double) sinceStart / periodNanos) * periodNanos;
      onTime += Math.abs(lateNanos) <= TimeUnit.MILLISECONDS.toNanos(5) ? 1 : 0;
    }
    assertTrue(onTime >= (rows.size() - 1) * 3 / 4, onTime + " of " + (rows.size() - 1) + " on time");
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
    assertTrue(rows.size() >= 5, rows.size() + " rows");
    rows.forEach(r -> assertEquals(-1, r.gcPausesInInterval()));
    assertTrue(Files.readAllLines(csv).get(1).contains(",,,"), "empty pause cells");
    assertEquals(-1, summary.gcPauses());
    assertEquals("off", summary.gcPauseSource());
    assertEquals(-1L, summary.gcPauses());
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
