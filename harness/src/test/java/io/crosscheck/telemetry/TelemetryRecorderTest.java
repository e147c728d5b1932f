package io.crosscheck.telemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real recorder for about a second while this JVM allocates, starts threads and collects. */
class TelemetryRecorderTest {
  static volatile Object sink;

  @Test
  void recordsThreadsHeapGcAllocationAndCpuAndSummarisesItsRows(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("telemetry.csv");
    int liveBefore = ManagementFactory.getThreadMXBean().getThreadCount();
    TelemetryRecorder recorder = TelemetryRecorder.start(csv, TelemetryRecorder.DEFAULT_PERIOD_NANOS);
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
    assertTrue(summary.threadsStartedInRun() >= 50, summary.toJson().toString());
    assertTrue(summary.gcCount() >= 1, summary.toJson().toString());
    assertTrue(summary.gcPauses() >= 1, "JFR saw a pause: " + summary.toJson());
    assertTrue(summary.gcPauseMaxMicros() > 0, summary.toJson().toString());
    assertTrue(summary.gcPauseTotalMicros() >= summary.gcPauseMaxMicros());
    assertEquals("jfr:jdk.GCPhasePause", summary.gcPauseSource());
    assertTrue(summary.allocatedBytes() > 50_000_000L, summary.toJson().toString());
    assertTrue(summary.processCpuMeanCores() > 0.2, summary.toJson().toString());
    assertTrue(summary.systemCpuMeanFraction() > 0 && summary.systemCpuMeanFraction() <= 1);

    // the summary is the rows' summary
    long pausesInRows = 0;
    long maxPauseInRows = 0;
    int peak = 0;
    long heapMax = 0;
    boolean allocating = false;
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
    }
    assertTrue(allocating, "some interval allocated");
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
  }

  @Test
  void withoutJfrThePauseColumnsAreEmptyAndTheSummarySaysSo(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("telemetry.csv");
    TelemetryRecorder recorder = TelemetryRecorder.start(csv, TimeUnit.MILLISECONDS.toNanos(20), false);
    Thread.sleep(200);
    TelemetrySummary summary = recorder.stop();
    List<TelemetrySample> rows = TelemetryCsv.read(csv);
    assertTrue(rows.size() >= 5, rows.size() + " rows");
    rows.forEach(r -> assertEquals(-1, r.gcPausesInInterval()));
    assertTrue(Files.readAllLines(csv).get(1).contains(",,,"), "empty pause cells");
    assertEquals(-1, summary.gcPauses());
    assertEquals("off", summary.gcPauseSource());
    assertEquals(-1L, summary.toJson().get("gcPauses"));
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
